import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiOperation, type ApiResponse } from '@stockwise/shared';

export type ProductModel = ApiResponse<'getProductModel'>;
export type ProductModelBody = ApiOperation<'PUT', '/api/product-models/{id}'>['body'];

/**
 * Every model that is not archived, page by page (GET /api/product-models is keyset-paged; a
 * catalogue is hundreds of rows, and the screen sorts and searches them in place as the others do).
 */
export function useProductModels() {
  return useQuery({
    queryKey: resourceKey('product-models'),
    queryFn: async () => {
      const rows: ProductModel[] = [];
      let cursor: string | undefined;
      do {
        const page = await call('GET', '/api/product-models', { query: { limit: 100, ...(cursor ? { cursor } : {}) } });
        rows.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return rows;
    },
  });
}

/** Create (id null) or change a model; archiving is a change ({archived: true}). */
export function useSaveProductModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProductModelBody }) =>
      id
        ? call('PUT', '/api/product-models/{id}', { params: { id }, body })
        : call('POST', '/api/product-models', { body: body as ApiOperation<'POST', '/api/product-models'>['body'] }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKey('product-models') }),
  });
}
