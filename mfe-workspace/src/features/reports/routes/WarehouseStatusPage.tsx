import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { EmptyState } from '@stockwise/kit';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { getWarehouseStatus, REPORT_PATHS, type WarehouseStatus } from '@/api/reports';
import { BarsChart } from '@/components/charts';
import { AsOf } from '@/components/AsOf';
import { ExportMenu } from '@/components/ExportMenu';
import { Answer, ReportFrame } from '@/components/ReportFrame';
import { useStatusName } from '@/components/StatusChip';
import { urlFilter, useUrlFilters } from '@/hooks/useUrlFilters';
import { formatNumber } from '@/lib/format';
import { useT } from '../i18n';
import { toMatrix } from '../lib/matrix';

const FILTERS = { by: urlFilter.oneOf(['location', 'itemType'] as const) };

/**
 * /reporting/warehouse-status: items per location × status (or item type × status) — a stacked
 * bar per location to see where the stock is, and the table with every count and the totals.
 */
export function WarehouseStatusPage() {
  const { t } = useT();
  const report = useQuery({ queryKey: resourceKey('reports', 'warehouse-status'), queryFn: getWarehouseStatus });
  return (
    <ReportFrame
      title={t('reports.warehouse.title')}
      subtitle={t('reports.warehouse.subtitle')}
      permission="reports.view"
      actions={
        <ExportMenu
          path={REPORT_PATHS.warehouseStatus}
          params={{}}
          name="warehouse-status"
          label={t('export.menu')}
          disabled={!report.data?.total}
        />
      }
    >
      <Answer query={report}>
        {(data) => (
          <>
            <AsOf at={data.asOf} />
            <WarehouseView data={data} />
          </>
        )}
      </Answer>
    </ReportFrame>
  );
}

function WarehouseView({ data }: { data: WarehouseStatus }) {
  const { t, i18n } = useT();
  const statusName = useStatusName();
  const access = useAccess();
  const number = (value: number) => formatNumber(value, i18n.language);
  const { values, set } = useUrlFilters(FILTERS);
  const by = values.by ?? 'location';
  const matrix = toMatrix(
    by === 'location'
      ? data.byLocation.map((row) => ({
          id: row.locationId,
          name: row.locationName,
          status: row.status,
          items: row.items,
        }))
      : data.byItemType.map((row) => ({
          id: row.itemTypeId,
          name: row.itemTypeName,
          status: row.status,
          items: row.items,
        })),
  );
  const group = by === 'location' ? t('reports.warehouse.byLocation') : t('reports.warehouse.byItemType');

  if (data.total === 0) {
    return (
      <EmptyState
        title={t('reports.warehouse.empty')}
        action={
          access.can('items.receive') ? (
            <Button component={RouterLink} to="/actions/inventory-reception" variant="contained">
              {t('states.receiveFirst')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={by}
        aria-label={t('reports.warehouse.view')}
        onChange={(_, value: 'location' | 'itemType' | null) =>
          value && set({ by: value === 'location' ? undefined : value })
        }
      >
        <ToggleButton value="location">{t('reports.warehouse.byLocation')}</ToggleButton>
        <ToggleButton value="itemType">{t('reports.warehouse.byItemType')}</ToggleButton>
      </ToggleButtonGroup>
      <Card variant="outlined">
        <CardContent>
          <BarsChart
            title={by === 'location' ? t('reports.warehouse.chartByLocation') : t('reports.warehouse.chartByItemType')}
            horizontal
            categories={matrix.rows.map((row) => row.name)}
            series={matrix.statuses.map((status) => ({
              id: status,
              label: statusName(status),
              data: matrix.rows.map((row) => row.counts[status] ?? 0),
            }))}
            format={number}
          />
        </CardContent>
      </Card>
      <TableContainer component={Card} variant="outlined">
        <Table size="small" aria-label={t('reports.warehouse.table', { group })}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {group}
              </TableCell>
              {matrix.statuses.map((status) => (
                <TableCell key={status} component="th" scope="col" align="right">
                  {statusName(status)}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                {t('reports.total')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {matrix.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell component="th" scope="row">
                  {row.name}
                </TableCell>
                {matrix.statuses.map((status) => (
                  <TableCell key={status} align="right">
                    {number(row.counts[status] ?? 0)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {number(row.total)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {t('reports.total')}
              </TableCell>
              {matrix.statuses.map((status) => (
                <TableCell key={status} align="right" sx={{ fontWeight: 600 }}>
                  {number(matrix.totals[status] ?? 0)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {number(matrix.total)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
