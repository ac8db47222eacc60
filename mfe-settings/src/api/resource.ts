import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, resourceKey, type ApiResource } from '@stockwise/shared';

/**
 * Create-or-update and delete for a settings resource with the API's usual shape
 * (POST /api/x, PUT|DELETE /api/x/{id}); each success refreshes every screen reading the resource
 * (and any `also` resources whose lists show it, e.g. roles' user counts).
 */
export function useSaveResource<Body, Row>(resource: ApiResource, also: ApiResource[] = []) {
  const refresh = useRefresh(resource, also);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: Body }) =>
      (id ? await api.put<Row>(`/api/${resource}/${id}`, body) : await api.post<Row>(`/api/${resource}`, body)).data,
    onSuccess: refresh,
  });
}

/** DELETE /api/x/{id}; a refusal (409 naming what uses it) is the caller's to show. */
export function useDeleteResource(resource: ApiResource, also: ApiResource[] = []) {
  const refresh = useRefresh(resource, also);
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/api/${resource}/${id}`);
    },
    onSuccess: refresh,
  });
}

function useRefresh(resource: ApiResource, also: ApiResource[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([resource, ...also].map((r) => queryClient.invalidateQueries({ queryKey: resourceKey(r) })));
}
