import { Alert, Box, Button } from '@mui/material';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridLocaleText,
  type GridRowIdGetter,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { trTR } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import { errorMessage, useCommonT } from '@stockwise/shared';
import type { TableGridProps } from './table-params';
import { EmptyState } from '../layout/EmptyState';
import { Forbidden, isForbidden } from '../layout/ScreenStates';

/**
 * MUI X's Turkish, with the texts its locale leaves in English that our lists show: the pager's
 * "1–4 of 4" and a column menu's accessible name.
 */
export const TURKISH: Partial<GridLocaleText> = {
  ...trTR.components.MuiDataGrid.defaultProps.localeText,
  paginationDisplayedRows: ({ from, to, count }) => `${from}–${to} / ${count === -1 ? `${to}+` : count}`,
  columnMenuAriaLabel: (column: string) => `${column} sütun menüsü`,
};

export interface DataTableProps<Row extends GridValidRowModel> {
  /** The list's accessible name (usually the screen's title). */
  label: string;
  columns: GridColDef<Row>[];
  /** This page of rows, as the API answered. */
  rows: readonly Row[] | undefined;
  /** How many rows the whole list has (for the pager). */
  rowCount: number | undefined;
  loading: boolean;
  /** The query's error: shown instead of the grid, with a Retry (a 403: the forbidden state, no Retry). */
  error?: unknown;
  onRetry?: () => void;
  /** From useTableParams: paging, sort and filter kept in the URL, done by the server. */
  gridProps: TableGridProps;
  getRowId?: GridRowIdGetter<Row>;
  /** What an empty list says (and offers), e.g. "No brands yet" + an Add button. */
  empty?: { title: string; body?: string; action?: ReactNode };
  /** Anything else the grid takes (column visibility, row click, …). */
  gridOptions?: Partial<Omit<DataGridProps<Row>, 'rows' | 'columns' | 'rowCount' | 'loading'>>;
}

/**
 * A server-side list on MUI X Data Grid: the API pages, sorts and filters; the URL remembers it;
 * loading, empty and failed lists each say so.
 */
export function DataTable<Row extends GridValidRowModel>({
  label,
  columns,
  rows,
  rowCount,
  loading,
  error,
  onRetry,
  gridProps,
  getRowId,
  empty,
  gridOptions,
}: DataTableProps<Row>) {
  const { t, i18n } = useCommonT();

  if (error && !loading) {
    if (isForbidden(error)) return <Forbidden />;
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry ? (
            <Button color="inherit" size="small" variant="outlined" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
          ) : undefined
        }
      >
        {errorMessage(error, t('table.error'))}
      </Alert>
    );
  }

  const filtered = gridProps.filterModel.items.length > 0 || (gridProps.filterModel.quickFilterValues ?? []).length > 0;
  const NoRows = () =>
    filtered ? (
      <EmptyState title={t('table.noMatches')} />
    ) : (
      <EmptyState title={empty?.title ?? t('table.empty')} body={empty?.body} action={empty?.action} />
    );

  return (
    <Box sx={{ width: '100%' }}>
      <DataGrid<Row>
        aria-label={label}
        columns={columns}
        rows={rows ?? []}
        rowCount={rowCount ?? 0}
        loading={loading}
        getRowId={getRowId}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableRowSelectionOnClick
        autoHeight
        showToolbar
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
        slotProps={{
          toolbar: {
            showQuickFilter: true,
            quickFilterProps: { debounceMs: 400 },
            csvOptions: { disableToolbarButton: true },
            printOptions: { disableToolbarButton: true },
          },
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' },
        }}
        localeText={i18n.language === 'tr' ? TURKISH : undefined}
        {...gridProps}
        {...gridOptions}
      />
    </Box>
  );
}
