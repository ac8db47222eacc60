import { useState } from 'react';

/** The Data Grid's row selection model (MUI X 8+): ids ticked, or all but these. */
type SelectionModel = { type: 'include' | 'exclude'; ids: Set<string | number> };

/**
 * Rows ticked in a server-paged grid, kept across pages and filters (the grid only knows the page
 * it shows): the grid's selection model in, the chosen rows out.
 */
export function useRowSelection<Row extends { id: string }>(rows: readonly Row[] | undefined) {
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
  const model: SelectionModel = { type: 'include', ids: new Set(selected.keys()) };
  function onChange(next: SelectionModel) {
    const chosen = (id: string) => (next.type === 'include' ? next.ids.has(id) : !next.ids.has(id));
    setSelected((current) => {
      const updated = new Map(current);
      for (const row of rows ?? []) {
        if (chosen(row.id)) updated.set(row.id, row);
        else updated.delete(row.id);
      }
      return updated;
    });
  }
  // A ticked row on the page shown is read from the page: a live update (another user sold or moved
  // it) reaches the bulk actions too, not the copy taken when it was ticked.
  const shown = new Map((rows ?? []).map((row) => [row.id, row]));
  return {
    selected: [...selected.values()].map((row) => shown.get(row.id) ?? row),
    clear: () => setSelected(new Map()),
    gridOptions: {
      checkboxSelection: true,
      keepNonExistentRowsSelected: true,
      rowSelectionModel: model,
      onRowSelectionModelChange: onChange,
    },
  };
}
