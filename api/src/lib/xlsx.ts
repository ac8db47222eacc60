import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import type { FastifyReply } from 'fastify';
import type { Batch } from './csv.js';

// ── .xlsx export: the same rows as a spreadsheet with typed cells ──────────────────────────
// exceljs's streaming writer (one sheet, no shared strings: each row is written to the zip as it
// is committed), fed batch by batch like the CSV (lib/csv.ts): the next batch is read only when
// the reply has taken what was written, so memory stays at about one batch.

export interface SheetColumn {
  key: string;
  header: string;
  /** How the column's cells are shown: a date with time, a date, an amount, a whole number, text. */
  type: 'datetime' | 'date' | 'money' | 'integer' | 'number' | 'text';
}

const NUMBER_FORMATS: Record<SheetColumn['type'], string | undefined> = {
  datetime: 'yyyy-mm-dd hh:mm',
  date: 'yyyy-mm-dd',
  money: '#,##0.00',
  integer: '0',
  number: undefined,
  text: undefined,
};

/** A cell's width from its header, within reason. */
const width = (c: SheetColumn) =>
  Math.min(40, Math.max(c.header.length + 2, c.type === 'datetime' ? 17 : c.type === 'date' ? 11 : 10));

/**
 * Streams rows as an .xlsx workbook of one sheet. The first batch is read before anything is sent,
 * so a bad filter still answers its 4xx; after that a failure can only cut the download short.
 */
export async function sendXlsx<Row extends Record<string, unknown>, Reply extends FastifyReply>(
  reply: Reply,
  filename: string,
  sheetName: string,
  columns: () => readonly SheetColumn[],
  read: (cursor: string | null) => Promise<Batch<Row>>,
): Promise<Reply> {
  // exceljs is loaded by the first spreadsheet export, not at start-up: it is the largest module
  // the API has (≈ 0.6 CPU s to load), and every API test file loaded it again for nothing.
  const { default: ExcelJS } = await import('exceljs');
  const first = await read(null);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns().map((c) => ({
    key: c.key,
    header: c.header,
    width: width(c),
    style: NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  async function write(): Promise<void> {
    let batch: Batch<Row> = first;
    for (;;) {
      for (const row of batch.items) sheet.addRow(row).commit();
      // Backpressure: wait for the client to take what the zip has buffered before the next read.
      if (stream.writableNeedDrain) await once(stream, 'drain');
      if (!batch.nextCursor) break;
      batch = await read(batch.nextCursor);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => stream.destroy(error as Error));
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}-${day}.xlsx"`)
    .header('cache-control', 'no-store')
    .send(stream) as Reply;
}
