import { act, renderHook } from '@testing-library/react';
import { toCsv, useCsvExport, type CsvColumn } from '../src';

interface Item {
  serial: string;
  note: string | null;
  price: number;
}
const columns: CsvColumn<Item>[] = [
  { field: 'serial', headerName: 'Serial' },
  { field: 'note', headerName: 'Note' },
  { field: 'price', headerName: 'Price', value: (item) => item.price.toFixed(2) },
];

describe('toCsv', () => {
  it('writes a header and one line per row, quoting what needs quotes', () => {
    const csv = toCsv<Item>(
      [
        { serial: 'SN-1', note: 'blue, boxed', price: 10 },
        { serial: 'SN-2', note: 'says "hi"\nthen leaves', price: -2.5 },
        { serial: 'SN-3', note: null, price: 0 },
      ],
      columns,
    );
    expect(csv).toBe(
      'Serial,Note,Price\r\nSN-1,"blue, boxed",10.00\r\nSN-2,"says ""hi""\nthen leaves",-2.50\r\nSN-3,,0.00\r\n',
    );
  });

  it('never lets a cell run as a spreadsheet formula', () => {
    const csv = toCsv<Item>([{ serial: '=HYPERLINK("http://evil")', note: '@SUM(A1)', price: 1 }], columns);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"")",'@SUM(A1),1.00`);
  });
});

describe('useCsvExport', () => {
  it('fetches every row and downloads them as a .csv file', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('items.csv');
      expect(this.href).toBe('blob:csv');
    });
    const fetchAll = jest.fn(async () => [{ serial: 'SN-1', note: 'ok', price: 1 }]);
    const { result } = renderHook(() => useCsvExport({ fileName: 'items', columns, fetchAll }));
    await act(() => result.current.exportCsv());
    expect(fetchAll).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blob);
    });
    // A UTF-8 byte-order mark first, so that spreadsheets read Turkish letters right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Serial,Note,Price\r\nSN-1,ok,1.00\r\n');
    expect(result.current.exporting).toBe(false);
  });
});
