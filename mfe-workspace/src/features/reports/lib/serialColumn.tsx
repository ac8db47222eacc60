import { Link } from '@mui/material';
import type { DataTableProps } from '@stockwise/kit';
import { Link as RouterLink } from 'react-router-dom';
import type { useT } from '../i18n';

type T = ReturnType<typeof useT>['t'];

/** A report row that names an item: its serial and its id. */
export interface SerialRow {
  serial: string;
  itemId: string;
}

/** The reports' serial column: the serial as a link to that item's history (Item History). */
export function serialColumn<Row extends SerialRow>(t: T): DataTableProps<Row>['columns'][number] {
  return {
    field: 'serial',
    headerName: t('item.serial'),
    minWidth: 140,
    flex: 1,
    sortable: false,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/item-status/item-search?${new URLSearchParams({ q: row.serial, id: row.itemId })}`}
        aria-label={t('reports.tracking.open', { serial: row.serial })}
      >
        {row.serial}
      </Link>
    ),
  };
}
