import { useCallback, useState } from 'react';

export interface CsvColumn<Row> {
  field: string;
  headerName: string;
  /** The cell's text; the row's `field` value by default. */
  value?: (row: Row) => unknown;
}

/** A cell as CSV text: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  // CSV injection: a cell starting with = + - @ (or a tab / return) would run as a formula;
  // a plain negative number stays a number.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text (CRLF line ends) with a header row. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const header = columns.map((column) => cell(column.headerName)).join(',');
  const lines = rows.map((row) =>
    columns
      .map((column) => cell(column.value ? column.value(row) : (row as Record<string, unknown>)[column.field]))
      .join(','),
  );
  return [header, ...lines].join('\r\n') + '\r\n';
}

/** Hands a file to the browser's download (a CSV built here, or one the API sent). */
export function saveFile(fileName: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function download(fileName: string, text: string) {
  // A byte-order mark so that spreadsheet programs read UTF-8 (Turkish letters) correctly.
  const file = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  saveFile(fileName.endsWith('.csv') ? fileName : `${fileName}.csv`, file);
}

/**
 * Exports a whole server-side list (every page, with the current sort and filter), not just the
 * rows on screen: `fetchAll` asks the API for them.
 */
export function useCsvExport<Row>({
  fileName,
  columns,
  fetchAll,
}: {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  fetchAll: () => Promise<readonly Row[]>;
}) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = useCallback(async () => {
    setExporting(true);
    try {
      download(fileName, toCsv(await fetchAll(), columns));
    } finally {
      setExporting(false);
    }
  }, [fileName, columns, fetchAll]);
  return { exportCsv, exporting };
}
