import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, resourceKey, type ApiBody, type ApiResponse } from '@stockwise/shared';

export type Brand = ApiResponse<'getBrand'>;

/** The whole list (GET /api/brands answers every brand; the screen pages it). */
export function useBrands() {
  return useQuery({
    queryKey: resourceKey('brands'),
    queryFn: async () => (await api.get<ApiResponse<'listBrands'>>('/api/brands')).data,
  });
}

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ApiBody<'createBrand'> }) =>
      (id ? await api.put<Brand>(`/api/brands/${id}`, body) : await api.post<Brand>('/api/brands', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey('brands') }),
  });
}

/** DELETE /api/brands/{id}: refused with 409 naming what uses it. */
export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/api/brands/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey('brands') }),
  });
}
