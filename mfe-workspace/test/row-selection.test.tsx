import { act, renderHook } from '@testing-library/react';
import { useRowSelection } from '../src/hooks/useRowSelection';

type Row = { id: string; status: string };

describe('useRowSelection', () => {
  it('keeps ticked rows across pages and hands out the freshest copy of a row still shown', () => {
    const page1: Row[] = [
      { id: 'a', status: 'in_stock' },
      { id: 'b', status: 'in_stock' },
    ];
    const { result, rerender } = renderHook(({ rows }) => useRowSelection(rows), { initialProps: { rows: page1 } });
    act(() => result.current.gridOptions.onRowSelectionModelChange({ type: 'include', ids: new Set(['a']) }));
    expect(result.current.selected).toEqual([{ id: 'a', status: 'in_stock' }]);

    // Another page: the tick on "a" stays.
    rerender({ rows: [{ id: 'c', status: 'in_stock' }] });
    expect(result.current.selected.map((row) => row.id)).toEqual(['a']);

    // Back, after a live update sold "a": the selection says sold, and is still ticked.
    rerender({ rows: [{ id: 'a', status: 'sold' }, page1[1]!] });
    expect(result.current.selected).toEqual([{ id: 'a', status: 'sold' }]);
    expect([...result.current.gridOptions.rowSelectionModel.ids]).toEqual(['a']);

    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
  });
});
