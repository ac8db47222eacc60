import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OneOf, RowError, Timestamp } from '../../lib/schemas.js';
import { MAX_IMPORT_ROWS } from './csv.js';

export const ImportJobSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.Literal('items'),
    fileName: Nullable(Type.String()),
    status: OneOf(['queued', 'running', 'succeeded', 'failed']),
    totalRows: Type.Integer(),
    rowsDone: Type.Integer(),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
    message: Nullable(Type.String()),
    errors: Type.Array(RowError),
    createdAt: Timestamp,
    finishedAt: Nullable(Timestamp),
  },
  { title: 'ImportJob', additionalProperties: false },
);

export const ImportQuery = Type.Object(
  {
    fileName: Type.Optional(
      Type.String({ maxLength: 200, pattern: '^[^\\u0000-\\u001F\\u007F/\\\\]*$', description: 'Shown with the job.' }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportList = Type.Object(
  { items: Type.Array(ImportJobSchema), total: Type.Integer() },
  { title: 'ImportJobList', additionalProperties: false },
);

export const IMPORT_DESCRIPTION = `A reception by file: the body is the CSV file itself (\`Content-Type: text/csv\`, UTF-8, up to 15 MB and ${MAX_IMPORT_ROWS.toLocaleString('en')} rows). The first line names the columns: serial, itemType, location (required; types and locations by name), brand, model, sku, cost, salePrice, warrantyMonths, vendor (by name), fields.<key> for the item type's custom fields; the item list's raw export (GET /api/items?format=raw-csv) is such a file, and the columns only an export knows (id, status, customer, receivedAt, soldAt, warrantyEndsAt, version, updatedAt) are skipped. Line endings may be CRLF, LF or CR (mixed too); a quoted cell may span lines (a row is named by the line it starts on); rows with every cell blank are skipped; a cell starting with = + - @ (or their full-width forms), even after spaces, is refused as a formula. Any other Content-Type (a form upload, application/csv) is a 415. Every row is checked first: a bad file is a 400 listing each bad row by line number and why (\`rowErrors\`), and nothing is written. A file with a cost in any row needs the items.cost.view permission (403 otherwise, nothing written). A clean file becomes a job (202): all its items are received in one transaction, or none; follow it with GET /api/imports/{id}.`;
