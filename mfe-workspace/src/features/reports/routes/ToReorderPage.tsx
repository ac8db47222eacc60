import { Box } from '@mui/material';
import { DataTable, useTableParams, type DataTableProps } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useMemo } from 'react';
import { getToReorderReport, REPORT_PATHS, type ToReorderQuery, type ToReorderRow } from '@/api/reports';
import { ExportMenu } from '@/components/ExportMenu';
import { ReportFrame } from '@/components/ReportFrame';
import { useKeysetPage } from '@/hooks/useKeysetPage';
import { formatNumber } from '@/lib/format';
import { useT } from '../i18n';

/**
 * /reporting/to-reorder: every reorder point not met — the model, where (a location, or all of
 * them), its minimum, what is in stock and how many short — counted when read; exported as the
 * other reports are. Its key starts with `dashboard`: the live stream refreshes it after a sale.
 */
export function ToReorderPage() {
  const { t, i18n } = useT();
  const access = useAccess();
  const language = i18n.language;
  const { params, gridProps } = useTableParams();
  const query: ToReorderQuery = {};
  const { result, rows, rowCount, paginationMeta } = useKeysetPage({
    key: resourceKey('dashboard', 'to-reorder'),
    query,
    page: params.page,
    pageSize: params.pageSize,
    fetchPage: getToReorderReport,
  });
  const number = (value: number) => formatNumber(value, language);
  const columns = useMemo<DataTableProps<ToReorderRow>['columns']>(
    () => [
      {
        field: 'modelName',
        headerName: t('reports.toReorder.model'),
        minWidth: 180,
        flex: 1.5,
        sortable: false,
        valueGetter: (_value, row) => [row.brandName, row.modelName].filter(Boolean).join(' '),
      },
      { field: 'itemTypeName', headerName: t('item.type'), minWidth: 120, flex: 1, sortable: false },
      {
        field: 'locationName',
        headerName: t('reports.toReorder.location'),
        minWidth: 140,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => row.locationName ?? t('reports.toReorder.everywhere'),
      },
      {
        field: 'minQuantity',
        headerName: t('reports.toReorder.minQuantity'),
        minWidth: 130,
        type: 'number',
        sortable: false,
        valueFormatter: number,
      },
      {
        field: 'inStock',
        headerName: t('reports.toReorder.inStock'),
        minWidth: 100,
        type: 'number',
        sortable: false,
        valueFormatter: number,
      },
      {
        field: 'shortfall',
        headerName: t('reports.toReorder.shortfall'),
        minWidth: 100,
        type: 'number',
        sortable: false,
        valueFormatter: number,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- number follows language
    [t, language],
  );
  return (
    <ReportFrame
      title={t('reports.toReorder.title')}
      subtitle={t('reports.toReorder.subtitle')}
      // The API lets either claim read it: whoever answers for the stock, or reads reports.
      permission={access.can('reports.view') ? 'reports.view' : 'stock.reorder'}
      actions={
        <ExportMenu
          path={REPORT_PATHS.toReorder}
          params={query}
          name="to-reorder"
          label={t('export.menu')}
          disabled={!rows?.length}
        />
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<ToReorderRow>
          label={t('reports.toReorder.title')}
          columns={columns}
          rows={rows}
          rowCount={rowCount}
          loading={result.isFetching}
          error={result.error}
          onRetry={() => void result.refetch()}
          gridProps={gridProps}
          getRowId={(row) => `${row.modelId}:${row.locationId ?? ''}`}
          empty={{ title: t('reports.toReorder.empty') }}
          gridOptions={{ paginationMeta, showToolbar: false }}
        />
      </Box>
    </ReportFrame>
  );
}
