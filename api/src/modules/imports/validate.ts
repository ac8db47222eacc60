import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import { Value } from '@sinclair/typebox/value';
import {
  RAW_EXPORT_ONLY,
  checkFields,
  existingSerials,
  FieldValues,
  ModelText,
  Serial,
  Sku,
  type NewItem,
} from '../items/index.js';
import type { CsvRow, RowError } from './csv.js';
import { catalogueByName, type Named } from './queries.js';

export const ITEM_COLUMNS = {
  required: ['serial', 'itemType', 'location'],
  optional: ['brand', 'model', 'sku', 'cost', 'salePrice', 'warrantyMonths', 'vendor'],
  prefixed: ['fields.'],
  // The item list's raw export (GET /api/items?format=raw-csv) writes these after the columns
  // above: a file exported is a file the import reads, and what only an export can know (the
  // item's id, status, times) is not something a reception sets.
  skipped: RAW_EXPORT_ONLY,
};

const MAX_MONEY = 99_999_999;

/**
 * Every row against the company's catalogue and items, all errors collected: a row becomes the
 * item it will be, or the reasons it cannot (serial blank, too long, twice in the file or
 * already in use; an unknown or deactivated item type or location; a brand or vendor nobody
 * has; a price or warranty that is not a number in range; a custom field of the wrong shape).
 */
export async function validateItemRows(
  read: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
  rows: CsvRow[],
): Promise<{ items: NewItem[]; errors: RowError[] }> {
  // Each look-up its own short transaction, the rows checked between them: on PGlite (one
  // connection) other requests run while a large file is checked.
  const catalogue = await read(catalogueByName);
  const errors: RowError[] = [];
  const items: NewItem[] = [];
  const firstLine = new Map<string, number>();

  const pick = <T extends Named>(
    row: CsvRow,
    column: string,
    map: Map<string, T[]>,
    what: string,
    required: boolean,
  ): T | null | undefined => {
    const name = row.cells[column] ?? '';
    if (!name) {
      if (required) errors.push({ line: row.line, column, reason: `name the ${what}` });
      return required ? undefined : null;
    }
    const found = map.get(name.toLowerCase()) ?? [];
    if (found.length !== 1) {
      errors.push({
        line: row.line,
        column,
        reason: found.length ? `${found.length} ${what}s are named "${name}"` : `no ${what} is named "${name}"`,
      });
      return undefined;
    }
    if (!found[0]!.active) {
      errors.push({ line: row.line, column, reason: `${found[0]!.name} is deactivated` });
      return undefined;
    }
    return found[0]!;
  };
  const number = (row: CsvRow, column: string, options: { integer?: boolean; max: number }) => {
    const text = row.cells[column] ?? '';
    if (!text) return null;
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || (options.integer && !Number.isInteger(value)) || value > options.max) {
      errors.push({
        line: row.line,
        column,
        reason: `"${text.slice(0, 40)}" is not ${options.integer ? 'a whole number' : 'a number'} from 0 to ${options.max.toLocaleString('en')}`,
      });
      return undefined;
    }
    return value;
  };

  /**
   * A text cell no longer than a reception by hand may send for that column (the schema's own
   * maxLength): the import wrote what the body could not — a model of several kilobytes went into
   * a unique index. Line breaks stay allowed here: a spreadsheet's cell may hold two lines.
   */
  const fits = (row: CsvRow, column: string, max: number) => {
    if ((row.cells[column] ?? '').length <= max) return true;
    errors.push({ line: row.line, column, reason: `longer than ${max} characters` });
    return false;
  };

  for (const row of rows) {
    const before = errors.length;
    const serial = row.cells.serial ?? '';
    if (!serial) errors.push({ line: row.line, column: 'serial', reason: 'the serial is blank' });
    else if (fits(row, 'serial', Serial.maxLength!)) {
      const key = serial.toLowerCase();
      const first = firstLine.get(key);
      if (first) errors.push({ line: row.line, column: 'serial', reason: `${serial} is on line ${first} too` });
      else firstLine.set(key, row.line);
    }
    const type = pick(row, 'itemType', catalogue.types, 'item type', true);
    const location = pick(row, 'location', catalogue.locations, 'location', true);
    const brand = pick(row, 'brand', catalogue.brands, 'brand', false);
    const vendor = pick(row, 'vendor', catalogue.vendors, 'vendor', false);
    const cost = number(row, 'cost', { max: MAX_MONEY });
    const salePrice = number(row, 'salePrice', { max: MAX_MONEY });
    const warranty = number(row, 'warrantyMonths', { integer: true, max: 600 });
    fits(row, 'model', ModelText.maxLength!);
    fits(row, 'sku', Sku.maxLength!);
    let fields: Record<string, unknown> = {};
    if (type) {
      const defs = new Map(type.fields.map((d) => [d.key, d]));
      for (const [column, text] of Object.entries(row.cells)) {
        if (!column.startsWith('fields.') || text === '') continue;
        const key = column.slice('fields.'.length);
        const def = defs.get(key);
        fields[key] =
          def?.type === 'number' && /^-?\d+(\.\d+)?$/.test(text)
            ? Number(text)
            : def?.type === 'boolean' && /^(true|false)$/i.test(text)
              ? text.toLowerCase() === 'true'
              : text;
      }
      try {
        // The same limits as a reception's body: a text field of at most 1,000 characters.
        const tooLong = Object.entries(fields).find(([key, value]) => !Value.Check(FieldValues, { [key]: value }));
        if (tooLong)
          throw new ApiError(
            400,
            `fields.${tooLong[0]}: longer than 1,000 characters`,
            'VALIDATION_ERROR',
            `fields.${tooLong[0]}`,
          );
        fields = checkFields(type.fields, fields);
      } catch (error) {
        const e = error as ApiError;
        errors.push({ line: row.line, column: e.field, reason: e.message.replace(/^fields\.[^:]+: /, '') });
      }
    }
    if (errors.length > before || !type || !location) continue;
    items.push({
      serial,
      itemTypeId: type.id,
      locationId: location.id,
      brandId: brand?.id ?? null,
      model: row.cells.model || null,
      sku: row.cells.sku || null,
      vendorId: vendor?.id ?? null,
      cost: cost ?? null,
      salePrice: salePrice ?? null,
      warrantyMonths: warranty ?? type.warrantyMonths,
      fields,
      images: [],
    });
  }
  // Serials already in use, in slices the database answers quickly.
  const lineOf = firstLine;
  const keys = [...lineOf.keys()];
  for (let i = 0; i < keys.length; i += 10_000)
    for (const serial of await read((q) => existingSerials(q, keys.slice(i, i + 10_000))))
      errors.push({
        line: lineOf.get(serial.toLowerCase())!,
        column: 'serial',
        reason: `an item with serial ${serial} already exists`,
      });
  errors.sort((a, b) => a.line - b.line);
  return { items, errors };
}
