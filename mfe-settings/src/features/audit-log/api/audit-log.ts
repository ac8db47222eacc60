import { useInfiniteQuery } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

export type AuditRow = ApiResponse<'getAuditLog'>['items'][number];
export type AuditEntity = AuditRow['entity'];

/** The screen's filters, as GET /api/audit-log names them (absent: any). */
export interface AuditFilters {
  actorId?: string;
  entity?: AuditEntity;
  /** A day (yyyy-mm-dd), inclusive. */
  from?: string;
  /** A day (yyyy-mm-dd), exclusive: the screen sends the day after the one picked. */
  to?: string;
}

export const AUDIT_PAGE = 50;

/** The log newest first, page after page by the API's keyset cursor ("Show more"). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: resourceKey('audit-log', filters),
    queryFn: ({ pageParam }) =>
      call('GET', '/api/audit-log', {
        query: { ...filters, limit: AUDIT_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
