import { DataTable, isForbidden, PageHeader, useTableParams, type DataTableProps, type RowModel } from '@stockwise/kit';
import type { ReactNode } from 'react';
import { localPage } from '@/lib/local-page';

/** The part of a react-query result a list screen reads. */
export interface ListQuery<Row> {
  data: readonly Row[] | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

export interface ListScreenProps<Row extends RowModel> {
  title: string;
  subtitle?: string;
  /** The screen's main action (Add …): not offered to a caller the API refuses. */
  action?: ReactNode;
  query: ListQuery<Row>;
  columns: DataTableProps<Row>['columns'];
  /** What a column shows as text, for sorting, the column filter and the quick search. */
  text: (row: Row, field: string) => string;
  searchFields: readonly string[];
  empty: { title: string; body?: string };
  /** Shown between the header and the list (a plan's usage, a notice). */
  above?: ReactNode;
  gridOptions?: DataTableProps<Row>['gridOptions'];
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * A settings list: the screen's header with its action, then the whole list the API answered,
 * paged, sorted and searched here with the URL's parameters — loading, empty, failed and
 * forbidden each said by the kit's DataTable.
 */
export function ListScreen<Row extends RowModel>({
  title,
  subtitle,
  action,
  query,
  columns,
  text,
  searchFields,
  empty,
  above,
  gridOptions,
  children,
}: ListScreenProps<Row>) {
  const { params, gridProps } = useTableParams();
  const page = localPage(query.data, params, text, searchFields);
  const forbidden = isForbidden(query.error);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={forbidden ? undefined : action} />
      {forbidden ? null : above}
      <DataTable
        label={title}
        columns={columns}
        rows={page?.items}
        rowCount={page?.total}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        gridProps={gridProps}
        gridOptions={gridOptions}
        empty={{ ...empty, action }}
      />
      {children}
    </>
  );
}
