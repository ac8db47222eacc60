import { Readable } from 'node:stream';
import { Type, type TSchema } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import { ErrorResponse } from './schemas.js';

// ── CSV export: one way for every list and report ──────────────────────────────────────────
// `?format=csv` or `Accept: text/csv` answers the whole list (the filters apply, the page size
// does not) as a CSV file for Excel: UTF-8 with a BOM, CRLF, a header row, and csv-stringify's
// formula guard (a text cell starting with = + - @ tab or CR gets a leading '). It is streamed:
// rows are read in keyset batches of EXPORT_BATCH, each in its own short transaction (PGlite is one
// connection: a long export must not hold it; PostgreSQL: no pooled connection held for minutes),
// and the next batch is read only when the client has taken the previous one (stream backpressure),
// so memory stays at about one batch whatever the size of the list.

export const EXPORT_BATCH = 1000;

/**
 * A cell a spreadsheet would run as a formula (CSV injection): the characters csv-stringify's
 * escape_formulas guards on export, full-width forms included (Apple Numbers folds them). An
 * import refuses such a cell rather than store what the next export would have to defuse.
 */
export const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A column: a row's key, written under that key or under a header for people. */
export type Column = string | { key: string; header: string };
/** A CSV's columns, or how to name them once the first batch has been read (see sendCsv). */
export type Columns = readonly Column[] | (() => readonly Column[]);

export interface Batch<Row> {
  items: Row[];
  /** null or absent: this was the last batch. */
  nextCursor?: string | null;
}

/** A route's answers when it also speaks CSV: JSON or text/csv for 200, the one error shape otherwise. */
export function csvAnswers<S extends TSchema>(ok: S, more: Record<string, { schema: TSchema }> = {}) {
  return {
    200: {
      description: 'The page as JSON, or the whole list as CSV (format=csv or Accept: text/csv).',
      content: {
        'application/json': { schema: ok },
        'text/csv': { schema: Type.String({ description: 'UTF-8 with a BOM; header row; formula cells guarded.' }) },
        ...more,
      },
    },
    '4xx': ErrorResponse,
    '5xx': ErrorResponse,
  };
}

/** format=csv, or an Accept header that names text/csv (and format is not json). */
export function wantsCsv(request: FastifyRequest): boolean {
  const format = (request.query as { format?: string } | undefined)?.format;
  if (format) return format === 'csv';
  const accept = request.headers.accept;
  return typeof accept === 'string' && /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept);
}

/** Object and array cells (custom fields, image paths) as JSON; dates as ISO. */
const CAST = {
  boolean: (v: boolean) => (v ? 'true' : 'false'),
  date: (v: Date) => v.toISOString(),
  object: (v: Record<string, unknown>) => JSON.stringify(v),
};

/**
 * Streams rows as CSV. The first batch is read before anything is sent, so a bad filter or cursor
 * still answers its 4xx; after that a failure can only cut the download short (Fastify logs it).
 */
export async function sendCsv<Row, Reply extends FastifyReply>(
  reply: Reply,
  filename: string,
  columns: Columns,
  read: (cursor: string | null) => Promise<Batch<Row>>,
): Promise<Reply> {
  const first = await read(null);
  // Known once the first batch is read: it is that read that learns who is asking (a column may be theirs only).
  const header = typeof columns === 'function' ? columns() : columns;
  async function* rows(): AsyncGenerator<Row> {
    let batch: Batch<Row> = first;
    for (;;) {
      yield* batch.items;
      if (!batch.nextCursor) return;
      batch = await read(batch.nextCursor);
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: header.map((c) => (typeof c === 'string' ? { key: c } : c)),
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: CAST,
  });
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  source.pipe(csv);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv) as Reply;
}

/**
 * The handler of every exportable list: the requested page as JSON, or — asked for CSV — every
 * page, batch by batch, each batch in its own transaction bound to the caller's company.
 */
export async function listOrCsv<Row, Answer extends Batch<Row>, Reply extends FastifyReply>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: Reply,
  spec: {
    filename: string;
    columns: Columns;
    page: (q: Queryable, at: { cursor?: string; limit?: number }) => Promise<Answer>;
  },
): Promise<Answer | Reply> {
  const query = (request.query ?? {}) as { cursor?: string; limit?: number };
  if (!wantsCsv(request))
    return app.inCompany(request, (q) => spec.page(q, { cursor: query.cursor, limit: query.limit }));
  return sendCsv(reply, spec.filename, spec.columns, (cursor) =>
    app.inCompany(request, (q) => spec.page(q, { cursor: cursor ?? query.cursor, limit: EXPORT_BATCH })),
  );
}

/** The CSV columns of a list: the scalar and object properties of its row schema, in order. */
export const columnsOf = (row: TSchema): string[] => Object.keys((row as { properties?: object }).properties ?? {});
