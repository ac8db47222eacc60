import { type ApiBody, type Location } from '@stockwise/shared';
import { useDeleteResource, useSaveResource } from '@/api/resource';

export type { Location };
export type LocationBody = ApiBody<'createLocation'>;

export { useLocations } from '@/api/catalogue';

// Active locations count against the plan: a save or delete refreshes the plan usage ('billing') too.
export const useSaveLocation = () => useSaveResource('locations', ['billing']);

/** DELETE /api/locations/{id}: refused with 409 naming what uses it. */
export const useDeleteLocation = () => useDeleteResource('locations', ['billing']);
