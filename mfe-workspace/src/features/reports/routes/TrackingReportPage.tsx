import { Alert, Box, TextField } from '@mui/material';
import { DataTable, useTableParams, type DataTableProps } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listItemTypes, listLocations, listTransactionTypes, type StatusKey } from '@/api/inventory';
import { getTrackingReport, listUsers, REPORT_PATHS, type TrackingQuery, type TrackingRow } from '@/api/reports';
import { ExportMenu } from '@/components/ExportMenu';
import { ReportFrame } from '@/components/ReportFrame';
import { serialColumn } from '@/components/serialColumn';
import { useStatusName } from '@/components/StatusChip';
import { useKeysetPage } from '@/hooks/useKeysetPage';
import { urlFilter, useUrlFilters } from '@/hooks/useUrlFilters';
import { formatDateTime } from '@/lib/format';
import { FilterBar } from '../components/FilterBar';
import { FilterSelect } from '../components/FilterSelect';
import { useT } from '../i18n';
import { periodOf } from '../lib/dates';

const KINDS = ['receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap', 'edit'] as const;
const FILTERS = {
  from: urlFilter.day,
  to: urlFilter.day,
  kind: urlFilter.oneOf(KINDS),
  type: urlFilter.id,
  location: urlFilter.id,
  itemType: urlFilter.id,
  user: urlFilter.id,
};

/**
 * /reporting/tracking-report: the movements (item events) of a period, filtered by the API and
 * paged by its keyset, newest first. A list to read, so no chart.
 */
export function TrackingReportPage() {
  const { t, i18n } = useT();
  const language = i18n.language;
  const statusName = useStatusName();
  const access = useAccess();
  const { values, set, clear, active } = useUrlFilters(FILTERS);
  const { params, gridProps } = useTableParams();
  const badRange = Boolean(values.from && values.to && values.from > values.to);

  const query: TrackingQuery = {
    ...periodOf(values.from, values.to),
    kind: values.kind,
    transactionTypeId: values.type,
    locationId: values.location,
    itemTypeId: values.itemType,
    userId: values.user,
    sort: params.sort?.field === 'createdAt' && params.sort.direction === 'asc' ? 'oldest' : undefined,
  };
  const {
    result: events,
    rows,
    rowCount,
    paginationMeta,
  } = useKeysetPage({
    key: resourceKey('reports', 'tracking'),
    query,
    page: params.page,
    pageSize: params.pageSize,
    fetchPage: getTrackingReport,
    enabled: !badRange,
  });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations });
  const itemTypes = useQuery({ queryKey: resourceKey('item-types'), queryFn: listItemTypes });
  const transactionTypes = useQuery({ queryKey: resourceKey('transaction-types'), queryFn: listTransactionTypes });
  const mayListUsers = access.can('users.manage');
  const users = useQuery({ queryKey: resourceKey('users'), queryFn: listUsers, enabled: mayListUsers });

  const columns = useMemo<DataTableProps<TrackingRow>['columns']>(() => {
    const status = (key: string | null) => (key ? statusName(key as StatusKey) : '—');
    return [
      {
        field: 'createdAt',
        headerName: t('reports.tracking.when'),
        minWidth: 170,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
      serialColumn<TrackingRow>(t, (row) => row.itemId),
      {
        field: 'kind',
        headerName: t('reports.tracking.movement'),
        minWidth: 140,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) =>
          row.transactionTypeName ??
          ((KINDS as readonly string[]).includes(row.kind)
            ? t(`reports.tracking.kinds.${row.kind as (typeof KINDS)[number]}`)
            : row.kind),
      },
      { field: 'itemTypeName', headerName: t('item.type'), minWidth: 120, flex: 1, sortable: false },
      {
        field: 'fromTo',
        headerName: t('reports.tracking.fromTo'),
        minWidth: 200,
        flex: 1.5,
        sortable: false,
        valueGetter: (_value, row) => `${row.fromLocationName ?? '—'} → ${row.toLocationName ?? '—'}`,
      },
      {
        field: 'statusChange',
        headerName: t('reports.tracking.statusChange'),
        minWidth: 180,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => `${status(row.fromStatus)} → ${status(row.toStatus)}`,
      },
      { field: 'userName', headerName: t('reports.tracking.by'), minWidth: 120, flex: 1, sortable: false },
      { field: 'customerName', headerName: t('item.customer'), minWidth: 120, flex: 1, sortable: false },
      { field: 'note', headerName: t('reports.tracking.note'), minWidth: 160, flex: 1.5, sortable: false },
    ];
  }, [t, language, statusName]);

  const options = <T extends { id: string; name: string }>(list: T[] | undefined) =>
    (list ?? []).map((entry) => ({ value: entry.id, label: entry.name }));

  return (
    <ReportFrame
      title={t('reports.tracking.title')}
      subtitle={t('reports.tracking.subtitle')}
      permission="reports.view"
      actions={
        <ExportMenu
          path={REPORT_PATHS.tracking}
          params={query}
          name="tracking-report"
          label={t('export.menu')}
          disabled={badRange || !rows?.length}
        />
      }
    >
      <FilterBar active={active} onClear={clear}>
        <TextField
          type="date"
          size="small"
          label={t('reports.tracking.from')}
          value={values.from ?? ''}
          onChange={(event) => set({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={values.from || values.to ? undefined : t('reports.tracking.defaultRange')}
        />
        <TextField
          type="date"
          size="small"
          label={t('reports.tracking.to')}
          value={values.to ?? ''}
          onChange={(event) => set({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FilterSelect
          label={t('reports.tracking.kind')}
          any={t('reports.tracking.anyKind')}
          value={values.kind}
          onChange={(kind) => set({ kind })}
          options={KINDS.map((kind) => ({ value: kind, label: t(`reports.tracking.kinds.${kind}`) }))}
        />
        <FilterSelect
          label={t('reports.tracking.transactionType')}
          any={t('reports.tracking.anyTransactionType')}
          value={values.type}
          onChange={(type) => set({ type })}
          options={options(transactionTypes.data)}
        />
        <FilterSelect
          label={t('reports.tracking.location')}
          minWidth={230}
          any={t('reports.tracking.anyLocation')}
          value={values.location}
          onChange={(location) => set({ location })}
          options={options(locations.data)}
        />
        <FilterSelect
          label={t('reports.tracking.itemType')}
          any={t('reports.tracking.anyItemType')}
          value={values.itemType}
          onChange={(itemType) => set({ itemType })}
          options={options(itemTypes.data)}
        />
        {mayListUsers ? (
          <FilterSelect
            label={t('reports.tracking.user')}
            any={t('reports.tracking.anyUser')}
            value={values.user}
            onChange={(user) => set({ user })}
            options={(users.data ?? []).map((user) => ({ value: user.id, label: user.userName }))}
          />
        ) : null}
      </FilterBar>
      {badRange ? (
        <Alert severity="warning" role="alert">
          {t('reports.tracking.badRange')}
        </Alert>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable<TrackingRow>
            label={t('reports.tracking.title')}
            columns={columns}
            rows={rows}
            rowCount={rowCount}
            loading={events.isFetching}
            error={events.error}
            onRetry={() => void events.refetch()}
            gridProps={gridProps}
            empty={{ title: active ? t('reports.noMatches') : t('reports.tracking.empty') }}
            gridOptions={{ paginationMeta, showToolbar: false }}
          />
        </Box>
      )}
    </ReportFrame>
  );
}
