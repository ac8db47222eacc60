import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import type { Queryable } from '../db/database.js';
import { EXPORT_BATCH, sendCsv, wantsCsv, type Batch, type Column, type Columns } from './csv.js';
import { LANGUAGES, word, type Language } from './item-words.js';
import { sendXlsx, type SheetColumn } from './xlsx.js';
import { OneOf } from './schemas.js';

// ── Exports for people and for machines: one way for every list ────────────────────────────
// A list that exports answers three files. For people (csv, xlsx — the default): its columns named
// in the reader's language, times in their time zone, names instead of ids, keys (statuses, claim
// states) as words. For machines (raw-csv): the row as the JSON has it — ids, keys, UTC ISO times —
// for integrations and re-import. Each list says only which columns a person reads and what they
// are called (its `people` columns); reading, streaming and formatting are done here.

export const EXPORT_FORMATS = ['json', 'csv', 'xlsx', 'raw-csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The query parameters of a list that exports (KeysetQuery's `format` argument). */
export const ExportQuery = {
  format: Type.Optional(
    OneOf(EXPORT_FORMATS, {
      description:
        'json: this page. csv (or the header Accept: text/csv) and xlsx: every matching row for people — column names and keys in `lang`, times in `timeZone`, names instead of ids. raw-csv: every matching row as the JSON has it (ids, keys, UTC ISO times), for machines.',
    }),
  ),
  lang: Type.Optional(
    OneOf(LANGUAGES, { description: 'The language of a csv or xlsx export’s column names and words (default en).' }),
  ),
  timeZone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'An IANA time zone (e.g. Europe/Istanbul) a csv or xlsx export shows times in (default UTC); the browser sends its own.',
    }),
  ),
};

/** The format asked for: `format`, else an Accept header naming text/csv, else JSON. */
export function exportFormat(request: FastifyRequest): ExportFormat {
  const format = (request.query as { format?: ExportFormat } | undefined)?.format;
  return format ?? (wantsCsv(request) ? 'csv' : 'json');
}

/** A time zone the runtime knows (IANA names: Europe/Istanbul, UTC…); anything else is a 400. */
export function checkTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw badRequest(
      `timeZone: "${timeZone.slice(0, 64)}" is not an IANA time zone (such as Europe/Istanbul or UTC).`,
      'timeZone',
    );
  }
}

// ── local time ──
const clocks = new Map<string, Intl.DateTimeFormat>();
/** A moment's wall-clock time in a zone, as numbers. */
function wallClock(iso: string, timeZone: string) {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { y: +parts.year!, m: +parts.month!, d: +parts.day!, h: +parts.hour!, min: +parts.minute! };
}
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment for people: in a CSV the text "2026-11-26 08:33" (local time; spreadsheets read it as a
 * date); in a sheet a date cell holding that same wall-clock time (a sheet's dates have no zone).
 */
export function localTime(
  iso: string | null | undefined,
  timeZone: string,
  sheet: boolean,
  dateOnly = false,
): string | Date | null {
  if (!iso) return null;
  const t = wallClock(iso, timeZone);
  if (sheet) return new Date(Date.UTC(t.y, t.m - 1, t.d, dateOnly ? 0 : t.h, dateOnly ? 0 : t.min));
  const day = `${t.y}-${two(t.m)}-${two(t.d)}`;
  return dateOnly ? day : `${day} ${two(t.h)}:${two(t.min)}`;
}

/** Who reads a people's export: their language and time zone. */
export interface Reader {
  language: Language;
  timeZone: string;
}

/**
 * A column a person reads: a property of the row (`key`), under a header in their language. A
 * datetime or date is shown in their time zone; `words` turns a key (a status, a claim state) into
 * its word.
 */
export interface PeopleColumn extends SheetColumn {
  words?: Readonly<Record<string, string>>;
  /** Shows the value itself (a custom field's), instead of by its type and words. */
  format?: (value: unknown, sheet: boolean) => unknown;
}

/** One row for people: each column's value from the row, as a person reads it. */
function peopleRow(row: Record<string, unknown>, columns: readonly PeopleColumn[], reader: Reader, sheet: boolean) {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const value = row[c.key];
    if (c.format) out[c.key] = c.format(value, sheet);
    else if (value === null || value === undefined) out[c.key] = null;
    else if (c.type === 'datetime' || c.type === 'date')
      out[c.key] = localTime(String(value), reader.timeZone, sheet, c.type === 'date');
    else if (c.words) out[c.key] = c.words[String(value)] ?? value;
    else out[c.key] = value;
  }
  return out;
}

/** Anything but JSON: for people (csv, xlsx) or as the raw rows (raw-csv). */
export type FileFormat = Exclude<ExportFormat, 'json'>;

/**
 * Streams a list in a file format. `people` are the columns a person reads, `raw` the machine's;
 * both may be known only after the first read (it learns who is asking). `read` gives the rows of
 * a batch as they are; a list that shapes its rows itself (the items: custom fields as columns, the
 * import's column names) gives `peopleRows` and `rawRows` instead of the generic formatting.
 */
export async function sendExport<Row extends object, Reply extends FastifyReply>(
  reply: Reply,
  format: FileFormat,
  spec: {
    filename: string;
    sheet: string;
    reader: Reader;
    people: () => readonly PeopleColumn[];
    raw: Columns;
    read: (cursor: string | null) => Promise<Batch<Row>>;
    peopleRows?: (rows: Row[], sheet: boolean) => Record<string, unknown>[];
    rawRows?: (rows: Row[]) => Record<string, unknown>[];
  },
): Promise<Reply> {
  if (format === 'raw-csv') {
    const { rawRows } = spec;
    const read = rawRows
      ? async (cursor: string | null) => {
          const batch = await spec.read(cursor);
          return { items: rawRows(batch.items), nextCursor: batch.nextCursor };
        }
      : spec.read;
    return sendCsv<object, Reply>(reply, `${spec.filename}-raw`, spec.raw, read);
  }
  const sheet = format === 'xlsx';
  const shaped = async (cursor: string | null): Promise<Batch<Record<string, unknown>>> => {
    const batch = await spec.read(cursor);
    const columns = spec.peopleRows ? [] : spec.people();
    const items = spec.peopleRows
      ? spec.peopleRows(batch.items, sheet)
      : batch.items.map((row) => peopleRow(row as Record<string, unknown>, columns, spec.reader, sheet));
    return { items, nextCursor: batch.nextCursor };
  };
  if (sheet) return sendXlsx(reply, spec.filename, spec.sheet, spec.people, shaped);
  return sendCsv(reply, spec.filename, () => spec.people().map(({ key, header }): Column => ({ key, header })), shaped);
}

/** The reader a query names (lang, timeZone): a made-up time zone is a 400. */
export function readerOf(query: { lang?: Language; timeZone?: string }): Reader {
  return { language: query.lang ?? 'en', timeZone: checkTimeZone(query.timeZone) };
}

/** Only the people's columns whose property the caller may see (the raw columns, sight applied, say which). */
export function seenPeople(people: readonly PeopleColumn[], raw: readonly Column[]): PeopleColumn[] {
  const keys = new Set(raw.map((c) => (typeof c === 'string' ? c : c.key)));
  return people.filter((c) => keys.has(c.key));
}

// ── custom fields: one column each, on every list of items ──
// A company's item types define their own fields (a phone's IMEI, a laptop's RAM). Every people's
// export that lists items — the item list, the warranty list, a customer's purchases, the
// movements — shows them as its last columns, one per field, under the field's own label; the raw
// files keep the rows as the JSON has them.

/** A custom field as an item type defines it: its key, its label (the column's header) and its type. */
export interface FieldColumn {
  key: string;
  label: string;
  type: string;
}

/** Where a list of items finds its items' custom fields (the items module answers both, in the caller's transaction). */
export interface ItemFields {
  /** Every field of the company's item types, in item-type order. */
  definitions: (q: Queryable) => Promise<FieldColumn[]>;
  /** These items' field values, by item id. */
  values: (q: Queryable, itemIds: string[]) => Promise<Map<string, Record<string, unknown>>>;
}

/** Each key once, as the first item type (by name) that defines it calls it. */
export function fieldColumns(definitions: readonly FieldColumn[]): FieldColumn[] {
  const byKey = new Map<string, FieldColumn>();
  for (const d of definitions) if (!byKey.has(d.key)) byKey.set(d.key, d);
  return [...byKey.values()];
}

/** The row property a custom field's value is under in a people's export. */
export const fieldKey = (key: string) => `field:${key}`;

/** A custom field's value for people: yes/no in their language; a date field a date cell in a sheet (no time zone: it is a day). */
export function fieldValue(value: unknown, type: string, language: Language, sheet: boolean): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return word(language, 'export', value ? 'yes' : 'no');
  if (sheet && type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** The custom fields' columns of a people's export, after the list's own. */
export function fieldPeople(fields: readonly FieldColumn[], language: Language): PeopleColumn[] {
  return fields.map((f) => ({
    key: fieldKey(f.key),
    header: f.label,
    type: f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text',
    format: (value, sheet) => fieldValue(value, f.type, language, sheet),
  }));
}

/** A batch's rows with their items' custom fields, each under its fieldKey (rows name their item by `itemId`). */
async function withFieldValues<Row extends object>(
  q: Queryable,
  source: ItemFields,
  fields: readonly FieldColumn[],
  rows: Row[],
): Promise<Row[]> {
  if (!fields.length || !rows.length) return rows;
  const ids = [...new Set(rows.map((r) => (r as { itemId?: string }).itemId).filter((id): id is string => !!id))];
  const values = ids.length ? await source.values(q, ids) : new Map<string, Record<string, unknown>>();
  return rows.map((row) => {
    const own = values.get((row as { itemId?: string }).itemId ?? '') ?? {};
    return { ...row, ...Object.fromEntries(fields.map((f) => [fieldKey(f.key), own[f.key] ?? null])) };
  });
}

/**
 * The handler of a list that exports for people: the requested page as JSON, or every row in the
 * asked file format, batch by batch, each batch in its own transaction bound to the caller's
 * company (lib/csv.ts says why). `people` names the columns a person reads in their language.
 */
export async function listOrExport<Row extends object, Answer extends Batch<Row>, Reply extends FastifyReply>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: Reply,
  spec: {
    filename: string;
    sheet: string;
    raw: Columns;
    people: (language: Language) => readonly PeopleColumn[];
    page: (q: Queryable, at: { cursor?: string; limit?: number }) => Promise<Answer>;
    /** A list of items (its rows name their `itemId`): their custom fields as columns for people. */
    fields?: ItemFields;
  },
): Promise<Answer | Reply> {
  const query = (request.query ?? {}) as { cursor?: string; limit?: number; lang?: Language; timeZone?: string };
  const format = exportFormat(request);
  if (format === 'json')
    return app.inCompany(request, (q) => spec.page(q, { cursor: query.cursor, limit: query.limit }));
  const reader = readerOf(query);
  const raw = () => (typeof spec.raw === 'function' ? spec.raw() : spec.raw);
  const source = format === 'raw-csv' ? undefined : spec.fields;
  // Read with the first batch, in its transaction: the columns are known before the first byte.
  let fields: FieldColumn[] | null = null;
  return sendExport(reply, format, {
    filename: spec.filename,
    sheet: spec.sheet,
    reader,
    raw: spec.raw,
    people: () => [...seenPeople(spec.people(reader.language), raw()), ...fieldPeople(fields ?? [], reader.language)],
    read: (cursor) =>
      app.inCompany(request, async (q) => {
        const batch = await spec.page(q, { cursor: cursor ?? query.cursor, limit: EXPORT_BATCH });
        if (!source) return batch;
        fields ??= fieldColumns(await source.definitions(q));
        return { ...batch, items: await withFieldValues(q, source, fields, batch.items) };
      }),
  });
}

/**
 * The handler of a report answered whole (not paged: the warehouse status, the inventory, an
 * item's history): the report as JSON, or its rows in the asked file format. `rows` flattens the
 * report into rows: for people it is given their language (a totals row, "(none set)" for a
 * missing name, in their words); for the raw file none, which keeps one row per record as the
 * JSON has it.
 */
interface ReportExport<Answer, Row extends object> {
  filename: string;
  sheet: string;
  raw: Columns;
  people: (language: Language) => readonly PeopleColumn[];
  report: (q: Queryable) => Promise<Answer>;
  rows: (answer: Answer, language?: Language) => Row[];
  /** Read from a standby when one is configured (db/replica.ts): the answer says as of when. */
  fromReplica?: boolean;
}

export function reportOrExport<Answer, Row extends object, Reply extends FastifyReply>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: Reply,
  spec: ReportExport<Answer, Row> & { fromReplica: true },
): Promise<(Answer & { asOf: string }) | Reply>;
export function reportOrExport<Answer, Row extends object, Reply extends FastifyReply>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: Reply,
  spec: ReportExport<Answer, Row>,
): Promise<Answer | Reply>;
export async function reportOrExport<Answer, Row extends object, Reply extends FastifyReply>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: Reply,
  spec: ReportExport<Answer, Row>,
): Promise<Answer | Reply> {
  const format = exportFormat(request);
  const query = (request.query ?? {}) as { lang?: Language; timeZone?: string };
  // A bad time zone is a 400 before the report is read.
  const reader = format === 'json' ? null : readerOf(query);
  const answer = spec.fromReplica
    ? await app
        .inCompanyAsOf(request, spec.report)
        .then(({ value, asOf }) => ({ ...value, asOf: asOf.toISOString() }) as Answer)
    : await app.inCompany(request, spec.report);
  if (format === 'json' || !reader) return answer;
  const rows = spec.rows(answer, format === 'raw-csv' ? undefined : reader.language);
  const raw = () => (typeof spec.raw === 'function' ? spec.raw() : spec.raw);
  return sendExport(reply, format, {
    filename: spec.filename,
    sheet: spec.sheet,
    reader,
    raw: spec.raw,
    people: () => seenPeople(spec.people(reader.language), raw()),
    read: async () => ({ items: rows, nextCursor: null }),
  });
}
