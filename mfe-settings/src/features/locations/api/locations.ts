import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resourceKey, type ApiBody, type Location } from '@stockwise/shared';
import { PLAN_USAGE_KEY } from '@/api/plan-usage';

export type { Location };
export type LocationBody = ApiBody<'createLocation'>;

export { useLocations } from '@/api/catalogue';

/** A save or delete changes the list and, for active locations, the plan usage. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey('locations') }),
      queryClient.invalidateQueries({ queryKey: PLAN_USAGE_KEY }),
    ]);
}

export function useSaveLocation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: LocationBody }) =>
      (id ? await api.put<Location>(`/api/locations/${id}`, body) : await api.post<Location>('/api/locations', body))
        .data,
    onSuccess: refresh,
  });
}

/** DELETE /api/locations/{id}: refused with 409 naming what uses it. */
export function useDeleteLocation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/api/locations/${id}`);
    },
    onSuccess: refresh,
  });
}
