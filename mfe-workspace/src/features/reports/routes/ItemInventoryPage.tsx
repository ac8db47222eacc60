import {
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { EmptyState } from '@stockwise/kit';
import { resourceKey, useAccess, useMoney } from '@stockwise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatusKey } from '@/api/inventory';
import {
  getInventoryReport,
  REPORT_PATHS,
  type GroupBy,
  type InventoryQuery,
  type InventoryReport,
} from '@/api/reports';
import { BarsChart } from '@/components/charts';
import { AsOf } from '@/components/AsOf';
import { ExportMenu } from '@/components/ExportMenu';
import { Answer, ReportFrame } from '@/components/ReportFrame';
import { useStatusName } from '@/components/StatusChip';
import { urlFilter, useUrlFilters } from '@/hooks/useUrlFilters';
import { formatNumber } from '@/lib/format';
import { FilterBar } from '../components/FilterBar';
import { FilterSelect } from '../components/FilterSelect';
import { useT } from '../i18n';

const GROUPS = ['itemType', 'brand', 'model', 'location'] as const satisfies readonly GroupBy[];
/** What the company holds (the API's stock): every status but sold and scrapped. */
const HELD: StatusKey[] = ['in_stock', 'in_process', 'reserved', 'in_transit', 'on_loan', 'returned', 'defective'];
const FILTERS = { groupBy: urlFilter.oneOf(GROUPS), status: urlFilter.oneOf(HELD) };
/** More bars than this are not looked at but read: the chart shows the largest, the table all. */
const CHART_BARS = 15;

/** /reporting/item-inventory: stock counts and values grouped by item type, brand, model or location. */
export function ItemInventoryPage() {
  const { t } = useT();
  const statusName = useStatusName();
  const { values, set, clear, active } = useUrlFilters(FILTERS);
  const query: InventoryQuery = { groupBy: values.groupBy ?? 'itemType', status: values.status };
  const report = useQuery({
    queryKey: resourceKey('reports', 'inventory', query),
    queryFn: () => getInventoryReport(query),
    placeholderData: keepPreviousData,
  });
  return (
    <ReportFrame
      title={t('reports.inventory.title')}
      subtitle={t('reports.inventory.subtitle')}
      permission="reports.view"
      actions={
        <ExportMenu
          path={REPORT_PATHS.inventory}
          params={query}
          name={`item-inventory-${query.groupBy}`}
          label={t('export.menu')}
          disabled={!report.data?.items.length}
        />
      }
    >
      <FilterBar active={active} onClear={clear}>
        <FilterSelect
          label={t('reports.inventory.groupBy')}
          value={query.groupBy}
          onChange={(groupBy) => set({ groupBy: groupBy === 'itemType' ? undefined : groupBy })}
          options={GROUPS.map((group) => ({ value: group, label: t(`reports.inventory.groups.${group}`) }))}
        />
        <FilterSelect
          label={t('reports.inventory.status')}
          any={t('reports.inventory.anyHeld')}
          value={values.status}
          onChange={(status) => set({ status })}
          options={HELD.map((status) => ({ value: status, label: statusName(status) }))}
        />
      </FilterBar>
      <Answer query={report}>
        {(data) => (
          <>
            <AsOf at={data.asOf} />
            <InventoryView data={data} />
          </>
        )}
      </Answer>
    </ReportFrame>
  );
}

function InventoryView({ data }: { data: InventoryReport }) {
  const { t, i18n } = useT();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const money = useMoney();
  // The value at cost is the items.cost.view claim's: the API leaves it out without it.
  const seesCost = useAccess().can('items.cost.view');
  const group = t(`reports.inventory.groups.${data.groupBy}`);
  const name = (row: InventoryReport['items'][number]) => row.name ?? t('reports.inventory.none');
  if (data.items.length === 0) return <EmptyState title={t('reports.inventory.empty')} />;
  const largest = [...data.items].sort((a, b) => b.items - a.items).slice(0, CHART_BARS);
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <BarsChart
            title={
              data.items.length > CHART_BARS
                ? t('reports.inventory.chartTop', { group, count: CHART_BARS })
                : t('reports.inventory.chart', { group })
            }
            horizontal
            categories={largest.map(name)}
            series={[{ id: 'items', label: t('reports.inventory.items'), data: largest.map((row) => row.items) }]}
            format={number}
          />
        </CardContent>
      </Card>
      <TableContainer component={Card} variant="outlined">
        <Table size="small" aria-label={t('reports.inventory.title')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {group}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('reports.inventory.items')}
              </TableCell>
              {seesCost && (
                <TableCell component="th" scope="col" align="right">
                  {t('reports.inventory.costValue')}
                </TableCell>
              )}
              <TableCell component="th" scope="col" align="right">
                {t('reports.inventory.saleValue')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((row) => (
              <TableRow key={row.key ?? ''}>
                <TableCell component="th" scope="row">
                  {name(row)}
                </TableCell>
                <TableCell align="right">{number(row.items)}</TableCell>
                {seesCost && <TableCell align="right">{money(row.costValue)}</TableCell>}
                <TableCell align="right">{money(row.saleValue)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                {t('reports.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {number(data.totals.items)}
              </TableCell>
              {seesCost && (
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {money(data.totals.costValue)}
                </TableCell>
              )}
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {money(data.totals.saleValue)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
