import { Box, Checkbox, Chip, FormControlLabel, Stack, Typography } from '@mui/material';
import { DataTable, useTableParams, type DataTableProps } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useMemo } from 'react';
import { getWarrantyReport, REPORT_PATHS, type WarrantyQuery, type WarrantyRow } from '@/api/reports';
import { ExportMenu } from '@/components/ExportMenu';
import { ReportFrame } from '@/components/ReportFrame';
import { serialColumn } from '@/components/serialColumn';
import { useWarrantyT } from '@/components/warranty';
import { useKeysetPage } from '@/hooks/useKeysetPage';
import { urlFilter, useUrlFilters } from '@/hooks/useUrlFilters';
import { formatDate } from '@/lib/format';
import { FilterBar } from '../components/FilterBar';
import { FilterSelect } from '../components/FilterSelect';
import { useT } from '../i18n';

const WITHIN = [7, 30, 60, 90, 180, 365];
const DEFAULT_WITHIN = 30;
const CLAIMS = ['any', 'open', 'sent', 'repaired', 'replaced', 'closed'] as const;
const FILTERS = {
  within: urlFilter.integer(0, 3650),
  ended: urlFilter.oneOf(['0', '1'] as const),
  claim: urlFilter.oneOf(CLAIMS),
};

/**
 * /reporting/warranty-list: warranties ending within N days (and, unless asked not to, those ended),
 * each with its latest warranty claim; filtered by a claim's state it lists the claims however far
 * their warranties still run. The contact column only for a reader of customers.
 */
export function WarrantyListPage() {
  const { t, i18n } = useT();
  const { t: tw } = useWarrantyT();
  const seesCustomers = useAccess().can('customers.view');
  const language = i18n.language;
  const { values, set, clear, active } = useUrlFilters(FILTERS);
  const { params, gridProps } = useTableParams();
  const within = values.within ?? DEFAULT_WITHIN;
  const query: WarrantyQuery = {
    within,
    ended: values.ended ?? '1',
    claim: values.claim,
    sort: params.sort?.field === 'warrantyEndsAt' && params.sort.direction === 'desc' ? 'ends_desc' : 'ends_asc',
  };
  const {
    result: warranties,
    rows,
    rowCount,
    paginationMeta,
  } = useKeysetPage({
    key: resourceKey('reports', 'warranty'),
    query,
    page: params.page,
    pageSize: params.pageSize,
    fetchPage: getWarrantyReport,
  });

  const columns = useMemo<DataTableProps<WarrantyRow>['columns']>(
    () => [
      serialColumn<WarrantyRow>(t, (row) => row.itemId),
      { field: 'itemTypeName', headerName: t('item.type'), minWidth: 120, flex: 1, sortable: false },
      {
        field: 'model',
        headerName: t('item.model'),
        minWidth: 140,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => [row.brandName, row.model].filter(Boolean).join(' ') || '—',
      },
      {
        field: 'claimState',
        headerName: t('reports.warranty.claim'),
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) =>
          row.claimState ? (
            <Chip
              size="small"
              color={row.claimState === 'closed' ? 'default' : 'info'}
              variant={row.claimState === 'closed' ? 'outlined' : 'filled'}
              label={
                row.claimState === 'closed' && row.claimOutcome
                  ? `${tw('warranty.states.closed')} · ${tw(`warranty.outcomes.${row.claimOutcome}`)}`
                  : tw(`warranty.states.${row.claimState}`)
              }
            />
          ) : (
            '—'
          ),
      },
      {
        field: 'customerName',
        headerName: t('reports.warranty.contact'),
        minWidth: 200,
        flex: 1.5,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack sx={{ py: 0.5, lineHeight: 1.3 }}>
            <Typography variant="body2">{row.customerName ?? '—'}</Typography>
            {row.customerEmail || row.customerPhone ? (
              <Typography variant="caption" color="text.secondary">
                {[row.customerPhone, row.customerEmail].filter(Boolean).join(' · ')}
              </Typography>
            ) : null}
          </Stack>
        ),
      },
      {
        field: 'soldAt',
        headerName: t('reports.warranty.soldAt'),
        minWidth: 120,
        sortable: false,
        valueFormatter: (value: string | null) => formatDate(value, language),
      },
      {
        field: 'warrantyEndsAt',
        headerName: t('reports.warranty.ends'),
        minWidth: 140,
        valueFormatter: (value: string) => formatDate(value, language),
      },
      {
        field: 'daysLeft',
        headerName: t('reports.warranty.daysLeft'),
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) =>
          row.daysLeft < 0 ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={t('reports.warranty.endedAgo', { count: -row.daysLeft })}
            />
          ) : row.daysLeft === 0 ? (
            <Chip size="small" color="warning" label={t('reports.warranty.endsToday')} />
          ) : (
            <Chip
              size="small"
              color={row.daysLeft <= 7 ? 'warning' : 'default'}
              variant="outlined"
              label={t('reports.warranty.left', { count: row.daysLeft })}
            />
          ),
      },
    ],
    [t, tw, language],
  );
  const shown = useMemo(
    () => (seesCustomers ? columns : columns.filter((column) => column.field !== 'customerName')),
    [columns, seesCustomers],
  );

  const choices = WITHIN.includes(within) ? WITHIN : [...WITHIN, within].sort((a, b) => a - b);
  return (
    <ReportFrame
      title={t('reports.warranty.title')}
      subtitle={t('reports.warranty.subtitle')}
      permission="reports.view"
      actions={
        <ExportMenu
          path={REPORT_PATHS.warranty}
          params={query}
          name="warranty-list"
          label={t('export.menu')}
          disabled={!rows?.length}
        />
      }
    >
      <FilterBar active={active} onClear={clear}>
        <FilterSelect
          label={t('reports.warranty.within')}
          value={String(within)}
          onChange={(value) => set({ within: Number(value) === DEFAULT_WITHIN ? undefined : value })}
          options={choices.map((days) => ({
            value: String(days),
            label: t('reports.warranty.withinDays', { count: days }),
          }))}
        />
        <FilterSelect
          label={t('reports.warranty.claimFilter')}
          value={values.claim}
          any={t('reports.warranty.claimAll')}
          onChange={(value) => set({ claim: value || undefined })}
          options={CLAIMS.map((claim) => ({
            value: claim,
            label: claim === 'any' ? t('reports.warranty.claimAny') : tw(`warranty.states.${claim}`),
          }))}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={query.ended !== '0'}
              onChange={(event) => set({ ended: event.target.checked ? undefined : '0' })}
            />
          }
          label={t('reports.warranty.includeEnded')}
        />
      </FilterBar>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<WarrantyRow>
          label={t('reports.warranty.title')}
          columns={shown}
          rows={rows}
          rowCount={rowCount}
          loading={warranties.isFetching}
          error={warranties.error}
          onRetry={() => void warranties.refetch()}
          gridProps={gridProps}
          getRowId={(row) => row.itemId}
          empty={{ title: t(values.claim ? 'reports.warranty.claimEmpty' : 'reports.warranty.empty') }}
          gridOptions={{ paginationMeta, showToolbar: false, getRowHeight: () => 'auto' }}
        />
      </Box>
    </ReportFrame>
  );
}
