import { useQuery } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';
import { useDeleteResource, useSaveResource } from '@/api/resource';

export type Brand = ApiResponse<'getBrand'>;

/** The whole list (GET /api/brands answers every brand; the screen pages it). */
export function useBrands() {
  return useQuery({
    queryKey: resourceKey('brands'),
    queryFn: async () => (await call('GET', '/api/brands')).items,
  });
}

export const useSaveBrand = () => useSaveResource('brands');

/** DELETE /api/brands/{id}: refused with 409 naming what uses it. */
export const useDeleteBrand = () => useDeleteResource('brands');
