import { useQuery } from '@tanstack/react-query';
import { call, resourceKey, type ApiBody, type ApiResponse } from '@stockwise/shared';
import { useDeleteResource, useSaveResource } from '@/api/resource';

export type StatusRow = ApiResponse<'listStatuses'>['items'][number];
export type StatusKey = StatusRow['key'];
export type TransactionTypeBody = ApiBody<'createTransactionType'> | ApiBody<'updateTransactionType'>;

/** The eight statuses with the company's names for them: GET /api/statuses. */
export function useStatuses() {
  return useQuery({
    queryKey: resourceKey('statuses'),
    queryFn: async () => (await call('GET', '/api/statuses')).items,
  });
}

/** A new type is granted to Admin by the API: the access matrix reads the roles again. */
export const useSaveTransactionType = () => useSaveResource('transaction-types', ['roles']);

/** DELETE: built-in types and types with history are refused (409: deactivate instead). */
export const useDeleteTransactionType = () => useDeleteResource('transaction-types', ['roles']);
