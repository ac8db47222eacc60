import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiOperation, type ApiPath, type ApiResource } from '@stockwise/shared';

/** The resources with the API's usual create/update/delete shape: POST /api/x, PUT and DELETE /api/x/{id}. */
export type CrudResource = {
  [R in ApiResource]: `/api/${R}` extends ApiPath<'POST'>
    ? `/api/${R}/{id}` extends ApiPath<'PUT'>
      ? `/api/${R}/{id}` extends ApiPath<'DELETE'>
        ? R
        : never
      : never
    : never;
}[ApiResource];

/** What a save sends (a create's or an update's body) and what it answers, read from the operations. */
export type ResourceBody<R extends CrudResource> =
  ApiOperation<'POST', `/api/${R}`>['body'] | ApiOperation<'PUT', `/api/${R}/{id}`>['body'];
export type ResourceRow<R extends CrudResource> = ApiOperation<'POST', `/api/${R}`>['response'];

/**
 * Create-or-update and delete for a settings resource; each success refreshes every screen
 * reading the resource (and any `also` resources whose lists show it, e.g. roles' user counts).
 * The resource names the operations, so the body and the answer are the API's own types.
 */
export function useSaveResource<R extends CrudResource>(resource: R, also: ApiResource[] = []) {
  const refresh = useRefresh(resource, also);
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ResourceBody<R> }): Promise<ResourceRow<R>> => {
      // The generic path cannot be narrowed inside; CrudResource above proved both operations exist.
      const answer = id
        ? await call('PUT', `/api/${resource}/{id}` as ApiPath<'PUT'>, { params: { id }, body } as never)
        : await call('POST', `/api/${resource}` as ApiPath<'POST'>, { body } as never);
      return answer as ResourceRow<R>;
    },
    onSuccess: refresh,
  });
}

/** DELETE /api/x/{id}; a refusal (409 naming what uses it) is the caller's to show. */
export function useDeleteResource(resource: CrudResource, also: ApiResource[] = []) {
  const refresh = useRefresh(resource, also);
  return useMutation({
    mutationFn: async (id: string) => {
      await call('DELETE', `/api/${resource}/{id}` as ApiPath<'DELETE'>, { params: { id } } as never);
    },
    onSuccess: refresh,
  });
}

function useRefresh(resource: ApiResource, also: ApiResource[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([resource, ...also].map((r) => queryClient.invalidateQueries({ queryKey: resourceKey(r) })));
}
