import { Box, Button, Container, MenuItem, Stack, TextField } from '@mui/material';
import { DataTable, PageHeader, toCsv, useSearchUpdate, useTableParams, type DataTableProps } from '@stockwise/kit';
import { resourceKey, useAccess, useMoney } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { listItems, listItemTypes, listLocations, type Item, type ItemQuery, type StatusKey } from '@/api/inventory';
import { BulkActions } from './BulkActions';
import { CatalogueSelect } from './CatalogueSelect';
import { ExportMenu } from './ExportMenu';
import { serialColumn } from './serialColumn';
import { StatusChip, useStatusName } from './StatusChip';
import { useKeysetPage } from '@/hooks/useKeysetPage';
import { useRowSelection } from '@/hooks/useRowSelection';
import { formatDateTime } from '@/lib/format';
import { useT } from '@/i18n';

const STATUSES: StatusKey[] = [
  'in_stock',
  'in_process',
  'reserved',
  'in_transit',
  'sold',
  'returned',
  'defective',
  'scrapped',
  'lost',
  'on_loan',
];
type Sort = NonNullable<NonNullable<ItemQuery>['sort']>;
const SORTS: Record<string, { asc: Sort; desc: Sort }> = {
  serial: { asc: 'serial_asc', desc: 'serial_desc' },
  receivedAt: { asc: 'received_asc', desc: 'received_desc' },
};

/**
 * The item grid of Item Manager and Item List, on the kit's DataTable. The API pages by keyset (no
 * total), so the pager knows the next page exists from the API's cursor; the cursors of the pages
 * seen are kept, and a page deep-linked without them starts again from the first page.
 */
export function ItemGrid({ title, subtitle }: { title: string; subtitle: string }) {
  const { t, i18n } = useT();
  const language = i18n.language;
  const money = useMoney();
  const statusName = useStatusName();
  const [search] = useSearchParams();
  const setSearch = useSearchUpdate();
  const { params, gridProps } = useTableParams();
  const access = useAccess();
  const filters = {
    status: (STATUSES as string[]).includes(search.get('status') ?? '')
      ? (search.get('status') as StatusKey)
      : undefined,
    locationId: search.get('location') || undefined,
    itemTypeId: search.get('type') || undefined,
  };
  const sortField = params.sort?.field;
  const sort: Sort | undefined = sortField && SORTS[sortField] ? SORTS[sortField][params.sort!.direction] : undefined;
  const query = { search: params.q, ...filters, sort };
  const {
    result: items,
    rows,
    rowCount,
    paginationMeta,
  } = useKeysetPage({
    key: resourceKey('items'),
    query,
    page: params.page,
    pageSize: params.pageSize,
    fetchPage: listItems,
  });

  const selection = useRowSelection(rows);

  const types = useQuery({ queryKey: resourceKey('item-types'), queryFn: listItemTypes });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations });

  const columns = useMemo<DataTableProps<Item>['columns']>(
    () => [
      serialColumn<Item>(t, (row) => row.id, { sortable: true }),
      { field: 'itemTypeName', headerName: t('item.type'), flex: 1, minWidth: 120, sortable: false },
      { field: 'brandName', headerName: t('item.brand'), flex: 1, minWidth: 100, sortable: false },
      { field: 'model', headerName: t('item.model'), flex: 1, minWidth: 100, sortable: false },
      { field: 'locationName', headerName: t('item.location'), flex: 1, minWidth: 120, sortable: false },
      {
        field: 'status',
        headerName: t('item.status'),
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'salePrice',
        headerName: t('item.salePrice'),
        minWidth: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number | null) => money(value),
      },
      {
        field: 'receivedAt',
        headerName: t('item.receivedAt'),
        minWidth: 160,
        valueFormatter: (value: string) => formatDateTime(value, language),
      },
    ],
    [t, language, money],
  );

  function setFilter(key: 'status' | 'location' | 'type', value: string) {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  }

  function exportShown() {
    const rows = items.data?.items ?? [];
    const csv = toCsv(rows, [
      { field: 'serial', headerName: t('item.serial') },
      { field: 'sku', headerName: t('item.sku') },
      { field: 'itemTypeName', headerName: t('item.type') },
      { field: 'brandName', headerName: t('item.brand') },
      { field: 'model', headerName: t('item.model') },
      { field: 'locationName', headerName: t('item.location') },
      { field: 'status', headerName: t('item.status'), value: (row: Item) => statusName(row.status) },
      { field: 'salePrice', headerName: t('item.salePrice') },
      { field: 'receivedAt', headerName: t('item.receivedAt') },
    ]);
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'items.csv';
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }

  const filtered = Boolean(filters.status || filters.locationId || filters.itemTypeId);
  return (
    <Container maxWidth="xl" sx={{ py: 3, px: { xs: 1, sm: 3 } }}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ExportMenu path="/api/items" params={query} name="items" label={t('itemExport.button')} reimport />
            <Button variant="outlined" onClick={exportShown} disabled={!rows?.length}>
              {t('grid.export')}
            </Button>
          </Stack>
        }
      />
      <Stack
        component="section"
        aria-label={t('grid.filters')}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('item.status')}
          value={filters.status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('grid.anyStatus')}</MenuItem>
          {STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusName(status)}
            </MenuItem>
          ))}
        </TextField>
        <CatalogueSelect
          size="small"
          label={t('item.location')}
          options={locations.data ?? []}
          value={filters.locationId ?? ''}
          onChange={(id) => setFilter('location', id)}
          empty={t('grid.anyLocation')}
          sx={{ minWidth: 180 }}
        />
        <CatalogueSelect
          size="small"
          label={t('item.type')}
          options={types.data ?? []}
          value={filters.itemTypeId ?? ''}
          onChange={(id) => setFilter('type', id)}
          empty={t('grid.anyType')}
          sx={{ minWidth: 180 }}
        />
        {filtered ? (
          <Button
            onClick={() =>
              setSearch((current) => {
                const next = new URLSearchParams(current);
                for (const key of ['status', 'location', 'type', 'page']) next.delete(key);
                return next;
              })
            }
          >
            {t('grid.clear')}
          </Button>
        ) : null}
      </Stack>
      <BulkActions items={selection.selected} onClear={selection.clear} />
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<Item>
          label={title}
          columns={columns}
          rows={rows}
          rowCount={rowCount}
          loading={items.isFetching}
          error={items.error}
          onRetry={() => void items.refetch()}
          gridProps={gridProps}
          empty={
            filtered
              ? { title: t('grid.noMatches') }
              : {
                  title: t('states.noItems'),
                  action: access.can('items.receive') ? (
                    <Button component={RouterLink} to="/actions/inventory-reception" variant="contained">
                      {t('states.receiveFirst')}
                    </Button>
                  ) : undefined,
                }
          }
          gridOptions={{ paginationMeta, ...selection.gridOptions }}
        />
      </Box>
    </Container>
  );
}
