import {
  Kind,
  Type,
  type SchemaOptions,
  type Static,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';
import { ApiError } from './errors.js';
import { ID_PATTERN } from './formats.js';

/** A bad row of an uploaded file: its line number (the header is line 1), the column, and why. */
export const RowError = Type.Object(
  { line: Type.Integer(), column: Type.Optional(Type.String()), reason: Type.String() },
  { title: 'RowError', additionalProperties: false },
);

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Optional(Type.String()),
    field: Type.Optional(Type.String()),
    verificationToken: Type.Optional(
      Type.String({ description: 'Login of an account whose email is not verified yet: resends the link.' }),
    ),
    refusals: Type.Optional(
      Type.Array(Type.Object({ serial: Type.String(), reason: Type.String() }), {
        description: 'A refused batch (409): every item that stopped it, by serial, and why.',
      }),
    ),
    rowErrors: Type.Optional(
      Type.Array(RowError, { description: 'A refused file (400): its bad rows, by line number, and why (first 100).' }),
    ),
    rowErrorCount: Type.Optional(
      Type.Integer({ description: 'How many problems the file has in all (a row may have several).' }),
    ),
  },
  { title: 'ErrorResponse' },
);

/** A route's answers: the success schema plus the one error shape for 4xx and 5xx. */
export function answers<S extends TSchema>(ok: S, status = 200) {
  return { [status]: ok, '4xx': ErrorResponse, '5xx': ErrorResponse } as { [status: number]: S } & {
    '4xx': typeof ErrorResponse;
    '5xx': typeof ErrorResponse;
  };
}

/**
 * A one-line text: no control characters (C0, DEL, C1) and no bidirectional overrides or isolates,
 * which can make a name read differently on screen than it is stored (a spoofed user or company).
 */
export const ONE_LINE = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*$';
/**
 * A one-line text (ONE_LINE). One that must not be empty must say something, too: a character that
 * is not a space. It is stored trimmed, and a value of spaces alone reached the database as '' —
 * refused there by a blank check, a 500 instead of this 400.
 */
export const OneLine = (options: { minLength?: number; maxLength: number; description?: string }) =>
  Type.String({ ...options, pattern: (options.minLength ?? 0) > 0 ? `(?=\\s*\\S)${ONE_LINE}` : ONE_LINE });

/**
 * `schema`, or null. A schema of one JSON type becomes that type or "null" (`type: [t, 'null']`,
 * null added to its `enum`): fast-json-stringify writes such a field after a `typeof` check, where
 * an `anyOf` of the two costs an ajv validator compiled for the field and run for every value it
 * writes. Anything else (a union, a `$ref`, a `const`) stays an `anyOf` with null, and so does a
 * schema with a `title`: the document names it as a component, and only the `anyOf` keeps the
 * null beside that name. OpenAPI 3.0 shows both as `nullable: true` (@fastify/swagger converts).
 */
export function Nullable<T extends TSchema>(
  schema: T,
  options: { description?: string } = {},
): TUnsafe<Static<T> | null> {
  const { [Kind]: _kind, ...rest } = schema as TSchema & { type?: unknown; enum?: unknown[] };
  if (typeof rest.type !== 'string' || 'const' in rest || 'title' in rest)
    return Type.Union([schema, Type.Null()], options) as unknown as TUnsafe<Static<T> | null>;
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    ...options,
    type: [rest.type, 'null'],
    ...(Array.isArray(rest.enum) ? { enum: [...rest.enum, null] } : {}),
  });
}

/**
 * One of `values`: a string with an `enum`. An `anyOf` of literals costs ajv a validator compiled
 * for each value, and fast-json-stringify, writing it in a response, runs them one by one until
 * one matches; an `enum` is one keyword, and a string is written as a string.
 */
export const OneOf = <const V extends readonly string[]>(values: V, options: SchemaOptions = {}) =>
  Type.Unsafe<V[number]>({ ...options, type: 'string', enum: [...values] });

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/** No `@`: a user name can never shadow somebody's email at sign-in. */
export const UserName = Type.String({ minLength: 3, maxLength: 100, pattern: '^[A-Za-z0-9._+-]+$' });
export const PersonName = OneLine({ minLength: 1, maxLength: 100 });
export const Password = Type.String({ minLength: 1, maxLength: 128 });
export const Message = Type.Object({ message: Type.String() }, { title: 'MessageResponse' });
export const HttpUrl = Type.String({ maxLength: 2048, pattern: '^https?://' });

// ── Paging: one convention for every list ──────────────────────────────────────────────────
// Lists that grow without bound (items, events, sales) page by keyset: `cursor` is opaque,
// `limit` at most 100, `sort` one of the list's named orders; the answer is {items, nextCursor}
// (null on the last page). Never OFFSET: page 1,000 costs what page 1 costs.
// Small catalogue lists (brands, types, locations) answer {items, total} in one page.

export const MAX_PAGE_SIZE = 100;

/** Every list and report also answers CSV (lib/csv.ts): `format=csv`, or `Accept: text/csv`. */
export const FormatQuery = {
  format: Type.Optional(
    OneOf(['json', 'csv'], {
      description: 'csv (or the header Accept: text/csv): the whole list as a streamed CSV file; json: this page.',
    }),
  ),
};

export function KeysetQuery<
  S extends string,
  F extends TProperties = TProperties,
  X extends TProperties = typeof FormatQuery,
>(
  sorts: readonly [S, ...S[]],
  filters: F = {} as F,
  /** A list with more export formats than CSV (the items: lib/…/export.ts) names them here. */
  format: X = FormatQuery as unknown as X,
) {
  return Type.Object(
    {
      ...filters,
      ...format,
      cursor: Type.Optional(Type.String({ maxLength: 512, pattern: '^[A-Za-z0-9_-]*$' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
      sort: Type.Optional(OneOf(sorts)),
    },
    { additionalProperties: false },
  );
}

export const KeysetPage = <T extends TSchema>(item: T, title: string) =>
  Type.Object({ items: Type.Array(item), nextCursor: Nullable(Type.String()) }, { title });

export const SimplePage = <T extends TSchema>(item: T, title: string) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }) }, { title });

/** A keyset position (the last row's sort values) as an opaque cursor, and back; a bad one is a 400. */
export const encodeCursor = (position: unknown[]): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

export function decodeCursor(cursor: string | undefined, length: number): unknown[] | null {
  if (!cursor) return null;
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(position) &&
      position.length === length &&
      position.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
    )
      return position;
  } catch {
    // falls through to the 400
  }
  throw new ApiError(400, 'cursor: is not a cursor this list gave out', 'VALIDATION_ERROR', 'cursor');
}

/**
 * The position a newest-first list gives out, (time, id), checked: a forged one is a 400, never a
 * database error.
 */
export function decodeTimeIdCursor(cursor: string | undefined): [string, string] | null {
  const after = decodeCursor(cursor, 2);
  if (after && (!isKeyTime(after[0]) || !ID_PATTERN.test(String(after[1])))) throw badCursor();
  return after as [string, string] | null;
}

/** A cursor this API never gave out (forged, or from another list). */
export const badCursor = () =>
  new ApiError(400, 'cursor: is not a cursor this list gave out', 'VALIDATION_ERROR', 'cursor');

/**
 * What `exact()` (db/timestamps.ts) writes, a real moment: anything looser (`Date.parse` takes "1",
 * or the 30th of February) reached PostgreSQL from a forged cursor and failed there, a 500.
 */
const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const isKeyTime = (v: unknown) =>
  typeof v === 'string' &&
  KEY_TIME.test(v) &&
  !Number.isNaN(Date.parse(v)) &&
  new Date(v).toISOString().slice(0, 19) === v.slice(0, 19);

/**
 * The one timestamp format on the wire: ISO 8601 in UTC to the millisecond, what
 * `Date.prototype.toISOString()` gives and `iso()` (db/timestamps.ts) writes in SQL. The OpenAPI
 * document says so once (plugins/openapi.ts); every moment in an answer is declared `Timestamp`.
 */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const Timestamp = Type.String({ format: 'date-time' });
