import { parse } from 'csv-parse';
import { FORMULA_START } from '../../lib/csv.js';
import { ApiError, badRequest } from '../../lib/errors.js';

export interface RowError {
  line: number;
  column?: string;
  reason: string;
}
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** A file's rows, at most this many (the header aside). */
export const MAX_IMPORT_ROWS = 100_000;
/** Listed in an answer; the count says how many there were in all. */
export const MAX_LISTED_ERRORS = 100;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const refusedFile = (errors: RowError[], what: string, rows = new Set(errors.map((e) => e.line)).size) =>
  new ApiError(
    400,
    `${what}: ${rows.toLocaleString('en')} bad row${rows === 1 ? '' : 's'} (line ${errors
      .slice(0, 3)
      .map((e) => `${e.line}: ${e.column ? `${e.column}: ` : ''}${e.reason}`)
      .join('; line ')}${errors.length > 3 ? '; …' : ''}). Nothing was written.`,
    'IMPORT_INVALID',
    undefined,
    { rowErrors: errors.slice(0, MAX_LISTED_ERRORS), rowErrorCount: errors.length },
  );

/**
 * Bytes → text: UTF-8 only (a BOM is dropped), refused with a reason a spreadsheet user can act on
 * — a UTF-16 export, another code page, a binary file.
 */
export function decodeCsv(bytes: Buffer): string {
  if (!bytes.length) throw badRequest('The file is empty.', 'file', 'IMPORT_EMPTY');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw badRequest('The file is UTF-16 text: save it as "CSV UTF-8" and upload it again.', 'file', 'IMPORT_ENCODING');
  if (bytes.includes(0))
    throw badRequest(
      'The file is not a text file (it contains NUL bytes): upload a CSV file.',
      'file',
      'IMPORT_ENCODING',
    );
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Where the first bad byte is, so the user can find it.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let line = 0;
    for (let start = 0; start < bytes.length; line++) {
      let end = bytes.indexOf(0x0a, start);
      if (end < 0) end = bytes.length;
      try {
        decoder.decode(bytes.subarray(start, end));
      } catch {
        break;
      }
      start = end + 1;
    }
    throw badRequest(
      `The file is not UTF-8 text (line ${line + 1} has bytes of another code page, e.g. Windows-1252): save it as "CSV UTF-8" and upload it again.`,
      'file',
      'IMPORT_ENCODING',
    );
  }
}

/**
 * Text → rows keyed by the header's column names (as `columns` spells them, any case), each with
 * its line number. Unknown, missing or repeated columns, a ragged row, an unclosed quote, a
 * formula cell or too many rows: 400, listing the lines.
 */
export async function readCsv(
  text: string,
  columns: { required: string[]; optional: string[]; prefixed: string[]; skipped?: readonly string[] },
): Promise<CsvRow[]> {
  // One line ending, whatever the file mixes (Excel on Windows CRLF, a script LF, old Macs CR):
  // csv-parse fixes the record delimiter on the first it meets and counts lines by it.
  const parser = parse(text.replace(/\r\n?/g, '\n'), {
    bom: true,
    record_delimiter: '\n',
    skip_empty_lines: true,
    // A spreadsheet exports its blank rows as ",,,": they are not rows.
    skip_records_with_empty_values: true,
    relax_column_count: false,
    max_record_size: 64 * 1024,
    info: true,
    raw: true,
  });
  const skipped = new Set(columns.skipped ?? []);
  const known = new Map([...columns.required, ...columns.optional, ...skipped].map((c) => [c.toLowerCase(), c]));
  let header: string[] | null = null;
  const rows: CsvRow[] = [];
  const errors: RowError[] = [];
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
      raw: string;
    }>) {
      if (!header) {
        const blank = record.findIndex((cell) => !cell.trim());
        if (blank >= 0)
          throw badRequest(
            record.length === 1
              ? 'The first line is blank: it must name the columns.'
              : `Column ${blank + 1} of the first line has no name: name it or delete the column.`,
            'file',
            'IMPORT_COLUMNS',
          );
        header = record.map((cell) => {
          const name = cell.trim();
          const prefix = columns.prefixed.find((p) => name.toLowerCase().startsWith(p.toLowerCase()));
          return prefix ? `${prefix}${name.slice(prefix.length)}` : (known.get(name.toLowerCase()) ?? name);
        });
        const unknown = header.filter(
          (h) => !known.has(h.toLowerCase()) && !columns.prefixed.some((p) => h.startsWith(p) && h.length > p.length),
        );
        const missing = columns.required.filter((c) => !header!.includes(c));
        const twice = header.filter((h, i) => header!.indexOf(h) !== i);
        if (unknown.length || missing.length || twice.length)
          throw badRequest(
            capitalize(
              [
                unknown.length
                  ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown
                      .slice(0, 10)
                      .map((u) => (u.length > 40 ? `${u.slice(0, 40)}…` : u))
                      .join(', ')}`
                  : '',
                missing.length ? `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` : '',
                twice.length ? `column${twice.length > 1 ? 's' : ''} named twice: ${twice.join(', ')}` : '',
              ]
                .filter(Boolean)
                .join('; ') +
                `. The first line must name the columns: ${columns.required.join(', ')} (required), ${columns.optional.join(', ')}, ${columns.prefixed.map((p) => `${p}<key>`).join(', ')}.`,
            ),
            'file',
            'IMPORT_COLUMNS',
          );
        continue;
      }
      if (rows.length >= MAX_IMPORT_ROWS)
        throw badRequest(
          `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows: split it.`,
          'file',
          'IMPORT_TOO_LARGE',
        );
      // info.lines is where the record ends; a quoted cell may span lines, and people look for its first.
      // (raw starts with the blank lines skipped before it.)
      const line = info.lines - (raw.replace(/^\n+|\n$/g, '').match(/\n/g)?.length ?? 0);
      const cells: Record<string, string> = {};
      record.forEach((value, i) => {
        const column = header![i]!;
        if (skipped.has(column)) return;
        const cell = value.trim();
        if (FORMULA_START.test(cell))
          errors.push({
            line,
            column,
            reason: `starts with "${cell[0]}", which a spreadsheet runs as a formula: remove it`,
          });
        cells[column] = cell;
      });
      rows.push({ line, cells });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const e = error as { code?: string; lines?: number; message: string };
    const reason =
      e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
        ? `has a different number of cells than the header`
        : e.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'opens a quote that is never closed'
          : e.code === 'CSV_MAX_RECORD_SIZE'
            ? 'is longer than 64 KB'
            : e.code === 'INVALID_OPENING_QUOTE'
              ? 'has a quote inside a cell that is not quoted'
              : e.code === 'CSV_INVALID_CLOSING_QUOTE' || e.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
                ? 'has a character after a closing quote'
                : 'is not valid CSV';
    throw refusedFile([...errors, { line: e.lines ?? 0, reason }], 'The file is not valid CSV');
  }
  if (!header) throw badRequest('The file is empty.', 'file', 'IMPORT_EMPTY');
  if (!rows.length) throw badRequest('The file has a header but no rows.', 'file', 'IMPORT_EMPTY');
  if (errors.length) throw refusedFile(errors, 'The file has formula cells');
  return rows;
}
