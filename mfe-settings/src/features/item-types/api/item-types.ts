import { useQuery } from '@tanstack/react-query';
import { call, resourceKey, type ApiBody, type ApiResponse } from '@stockwise/shared';
import { useDeleteResource, useSaveResource } from '@/api/resource';

export type ItemType = ApiResponse<'getItemType'>;
export type ItemTypeBody = ApiBody<'createItemType'>;

/** Every item type (GET /api/item-types answers them all; the screen pages them). */
export function useItemTypes() {
  return useQuery({
    queryKey: resourceKey('item-types'),
    queryFn: async () => (await call('GET', '/api/item-types')).items,
  });
}

export const useSaveItemType = () => useSaveResource('item-types');

/** DELETE /api/item-types/{id}: refused with 409 while items use it (deactivate it instead). */
export const useDeleteItemType = () => useDeleteResource('item-types');
