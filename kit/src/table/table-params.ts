import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSearchUpdate } from './url-search';

/**
 * What a server-side list asks the API for. It lives in the URL (`?page=2&size=25&sort=name&order=desc
 * &filter=name&op=contains&value=acme&q=…`), so a reload, the back button or a shared link shows the
 * same page of the same list. `page` is 0-based here and 1-based in the URL.
 */
export interface TableParams {
  page: number;
  pageSize: number;
  sort?: { field: string; direction: 'asc' | 'desc' };
  filter?: { field: string; operator: string; value: string };
  /** The quick search box. */
  q?: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const KEYS = ['page', 'size', 'sort', 'order', 'filter', 'op', 'value', 'q'] as const;

const positive = (value: string | null): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};

export function readTableParams(search: URLSearchParams, defaultPageSize = 25): TableParams {
  const size = positive(search.get('size'));
  const params: TableParams = {
    page: (positive(search.get('page')) ?? 1) - 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
  };
  const sort = search.get('sort');
  if (sort) params.sort = { field: sort, direction: search.get('order') === 'desc' ? 'desc' : 'asc' };
  const filter = search.get('filter');
  const value = search.get('value');
  if (filter && value) params.filter = { field: filter, operator: search.get('op') || 'contains', value };
  const q = search.get('q')?.trim();
  if (q) params.q = q;
  return params;
}

export function writeTableParams(search: URLSearchParams, params: TableParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of KEYS) next.delete(key);
  if (params.page > 0) next.set('page', String(params.page + 1));
  next.set('size', String(params.pageSize));
  if (params.sort) {
    next.set('sort', params.sort.field);
    next.set('order', params.sort.direction);
  }
  if (params.filter) {
    next.set('filter', params.filter.field);
    next.set('op', params.filter.operator);
    next.set('value', params.filter.value);
  }
  if (params.q) next.set('q', params.q);
  return next;
}

/**
 * The list's paging, sort and filter, read from and written to the URL, with the controlled props
 * DataTable hands to the grid. Use `params` in the query key: `useQuery({ queryKey:
 * resourceKey('brands', params), … })`. Changing the sort or the filter goes back to the first page.
 */
export function useTableParams({ defaultPageSize = 25 }: { defaultPageSize?: number } = {}) {
  const [search] = useSearchParams();
  const updateSearch = useSearchUpdate();
  const params = useMemo(() => readTableParams(search, defaultPageSize), [search, defaultPageSize]);

  const update = useCallback(
    (change: Partial<TableParams>, resetPage: boolean) => {
      updateSearch((current) => {
        const base = readTableParams(current, defaultPageSize);
        return writeTableParams(current, { ...base, ...(resetPage ? { page: 0 } : {}), ...change });
      });
    },
    [updateSearch, defaultPageSize],
  );

  // The grid resets to the first page whenever it is handed a new sort or filter model object, so
  // each model is rebuilt only when its content (as text) changes.
  const sortText = JSON.stringify(params.sort ?? null);
  const filterText = JSON.stringify({ filter: params.filter ?? null, q: params.q ?? null });
  const sortModel = useMemo((): GridSortModel => {
    const sort = JSON.parse(sortText) as TableParams['sort'] | null;
    return sort ? [{ field: sort.field, sort: sort.direction }] : [];
  }, [sortText]);
  const filterModel = useMemo((): GridFilterModel => {
    const { filter, q } = JSON.parse(filterText) as { filter: TableParams['filter'] | null; q: string | null };
    return {
      items: filter ? [{ id: 1, field: filter.field, operator: filter.operator, value: filter.value }] : [],
      quickFilterValues: q ? [q] : [],
    };
  }, [filterText]);

  const gridProps = useMemo(
    () => ({
      paginationModel: { page: params.page, pageSize: params.pageSize } satisfies GridPaginationModel,
      onPaginationModelChange: (model: GridPaginationModel) =>
        update({ page: model.pageSize === params.pageSize ? model.page : 0, pageSize: model.pageSize }, false),
      sortModel,
      onSortModelChange: (model: GridSortModel) => {
        const first = model[0];
        const sort = first?.sort ? { field: first.field, direction: first.sort } : undefined;
        if (sort?.field === params.sort?.field && sort?.direction === params.sort?.direction) return;
        update({ sort }, true);
      },
      filterModel,
      onFilterModelChange: (model: GridFilterModel) => {
        const item = model.items.find((candidate) => candidate.value !== undefined && candidate.value !== '');
        const filter = item ? { field: item.field, operator: item.operator, value: String(item.value) } : undefined;
        const q = (model.quickFilterValues ?? []).join(' ').trim() || undefined;
        // The grid also reports the model it was given (e.g. when its search box mounts): no change, no page reset.
        const same =
          q === params.q &&
          filter?.field === params.filter?.field &&
          filter?.operator === params.filter?.operator &&
          filter?.value === params.filter?.value;
        if (!same) update({ filter, q }, true);
      },
      pageSizeOptions: [...PAGE_SIZES],
    }),
    [params, update, sortModel, filterModel],
  );

  return { params, gridProps };
}

export type TableGridProps = ReturnType<typeof useTableParams>['gridProps'];
