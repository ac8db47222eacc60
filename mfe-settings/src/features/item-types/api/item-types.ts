import type { ApiBody, ApiResponse } from '@stockwise/shared';
import { useDeleteResource, useSaveResource } from '@/api/resource';

// The list is read by other screens too (product models): it lives with the shared catalogue lists.
export { useItemTypes } from '@/api/catalogue';

export type ItemType = ApiResponse<'getItemType'>;
export type ItemTypeBody = ApiBody<'createItemType'>;

export const useSaveItemType = () => useSaveResource('item-types');

/** DELETE /api/item-types/{id}: refused with 409 while items use it (deactivate it instead). */
export const useDeleteItemType = () => useDeleteResource('item-types');
