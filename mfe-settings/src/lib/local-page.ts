import type { TableParams } from '@stockwise/kit';

/**
 * A small list the API answers whole (`{items, total}`: brands, locations, …) paged, sorted and
 * filtered here with the same URL parameters the kit's DataTable keeps for server lists.
 * `text(row, field)` is what a column shows as text (for sorting, the column filter and the
 * quick search).
 */
export function localPage<Row>(
  rows: readonly Row[] | undefined,
  params: TableParams,
  text: (row: Row, field: string) => string,
  searchFields: readonly string[],
): { items: Row[]; total: number } | undefined {
  if (!rows) return undefined;
  const lower = (value: string) => value.toLocaleLowerCase();
  let result = [...rows];
  if (params.q) {
    const words = lower(params.q).split(/\s+/).filter(Boolean);
    result = result.filter((row) => {
      const haystack = lower(searchFields.map((field) => text(row, field)).join(' '));
      return words.every((word) => haystack.includes(word));
    });
  }
  if (params.filter) {
    const { field, operator, value } = params.filter;
    const wanted = lower(value);
    result = result.filter((row) => {
      const cell = lower(text(row, field));
      switch (operator) {
        case 'equals':
        case 'is':
          return cell === wanted;
        case 'startsWith':
          return cell.startsWith(wanted);
        case 'endsWith':
          return cell.endsWith(wanted);
        case 'doesNotContain':
          return !cell.includes(wanted);
        case 'doesNotEqual':
        case 'not':
          return cell !== wanted;
        default:
          return cell.includes(wanted);
      }
    });
  }
  if (params.sort) {
    const { field, direction } = params.sort;
    const sign = direction === 'desc' ? -1 : 1;
    result.sort((a, b) => sign * text(a, field).localeCompare(text(b, field), undefined, { numeric: true }));
  }
  const start = params.page * params.pageSize;
  return { items: result.slice(start, start + params.pageSize), total: result.length };
}
