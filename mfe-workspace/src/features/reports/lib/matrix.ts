import type { StatusKey } from '@/api/inventory';

export const STATUS_ORDER: StatusKey[] = [
  'in_stock',
  'in_process',
  'reserved',
  'in_transit',
  'on_loan',
  'returned',
  'defective',
  'sold',
  'scrapped',
  'lost',
];

export interface MatrixRow {
  id: string;
  name: string;
  counts: Partial<Record<StatusKey, number>>;
  total: number;
}

/**
 * Counts per group × status (as the API lists them, one row per pair) as a table: one row per
 * group, largest first; the statuses that occur, in their usual order; and the column totals.
 */
export function toMatrix(cells: readonly { id: string; name: string; status: StatusKey; items: number }[]) {
  const rows = new Map<string, MatrixRow>();
  const used = new Set<StatusKey>();
  const totals: Partial<Record<StatusKey, number>> = {};
  let total = 0;
  for (const cell of cells) {
    if (cell.items === 0) continue;
    const row = rows.get(cell.id) ?? { id: cell.id, name: cell.name, counts: {}, total: 0 };
    row.counts[cell.status] = (row.counts[cell.status] ?? 0) + cell.items;
    row.total += cell.items;
    rows.set(cell.id, row);
    used.add(cell.status);
    totals[cell.status] = (totals[cell.status] ?? 0) + cell.items;
    total += cell.items;
  }
  return {
    rows: [...rows.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)),
    statuses: STATUS_ORDER.filter((status) => used.has(status)),
    totals,
    total,
  };
}
