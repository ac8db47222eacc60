import { Link } from '@mui/material';
import type { DataTableProps } from '@stockwise/kit';
import { Link as RouterLink } from 'react-router-dom';

/** The two workspace texts the column needs; any workspace or feature `t` gives them. */
type T = (key: 'item.serial' | 'grid.open', options?: { serial: string }) => string;

/**
 * The serial column of the item grids and the reports: the serial as a link to that item's
 * history (Item History), named for screen readers. `itemIdOf` reads the item's id from a row
 * (an item row's own id, a report row's itemId).
 */
export function serialColumn<Row extends { serial: string }>(
  t: T,
  itemIdOf: (row: Row) => string,
  { sortable = false }: { sortable?: boolean } = {},
): DataTableProps<Row>['columns'][number] {
  return {
    field: 'serial',
    headerName: t('item.serial'),
    minWidth: 140,
    flex: 1,
    sortable,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/item-status/item-search?${new URLSearchParams({ q: row.serial, id: itemIdOf(row) })}`}
        aria-label={t('grid.open', { serial: row.serial })}
        title={row.serial}
        data-serial-cell
        // A serial is told apart by its end (the last digits printed on the box), so when the column
        // is narrow — a phone — it is its beginning that gives way to the ellipsis: the line runs
        // right to left, the serial inside it left to right.
        sx={{
          display: 'block',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          direction: 'rtl',
          textAlign: 'left',
        }}
      >
        <bdi dir="ltr">{row.serial}</bdi>
      </Link>
    ),
  };
}
