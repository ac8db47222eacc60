import type { ApiResponse } from '@stockwise/shared';
import { useDeleteResource, useSaveResource } from '@/api/resource';

// The list is read by other screens too (product models): it lives with the shared catalogue lists.
export { useBrands } from '@/api/catalogue';

export type Brand = ApiResponse<'getBrand'>;

export const useSaveBrand = () => useSaveResource('brands');

/** DELETE /api/brands/{id}: refused with 409 naming what uses it. */
export const useDeleteBrand = () => useDeleteResource('brands');
