import type { Queryable } from '../../db/database.js';
import { pageLimit, qb, run, sql } from '../../db/query-builder.js';
import { iso } from '../../db/timestamps.js';
import type {
  Brand,
  Customer,
  FieldDefinition,
  ItemType,
  Location,
  LABEL_FIELDS,
  StatusKey,
  TransactionType,
} from './schemas.js';

// SQL only. Timestamps are formatted here so both drivers answer the same text.
const one = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
const lockClause = (lock: boolean) => (lock ? ' FOR UPDATE' : '');

// ── item types ──
const ITEM_TYPE = `SELECT id, name, serial_required AS "serialRequired", warranty_months AS "warrantyMonths", fields,
  active, ${iso('created_at')} AS "createdAt" FROM item_types`;
export const listItemTypes = (q: Queryable) => q.query<ItemType>(`${ITEM_TYPE} ORDER BY lower(name)`);
export const findItemType = (q: Queryable, id: string, lock = false) =>
  one(q.query<ItemType>(`${ITEM_TYPE} WHERE id = $1${lockClause(lock)}`, [id]));
export async function saveItemType(q: Queryable, companyId: string, t: Omit<ItemType, 'createdAt'>): Promise<void> {
  await q.query(
    `INSERT INTO item_types (company_id, id, name, serial_required, warranty_months, fields, active)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name, serial_required = excluded.serial_required,
       warranty_months = excluded.warranty_months, fields = excluded.fields, active = excluded.active`,
    [companyId, t.id, t.name, t.serialRequired, t.warrantyMonths, JSON.stringify(t.fields), t.active],
  );
}
export const deleteItemType = (q: Queryable, id: string) => q.query(`DELETE FROM item_types WHERE id = $1`, [id]);
export type { FieldDefinition };

// ── brands ──
const BRAND = `SELECT id, name, ${iso('created_at')} AS "createdAt" FROM brands`;
export const listBrands = (q: Queryable) => q.query<Brand>(`${BRAND} ORDER BY lower(name)`);
export const findBrand = (q: Queryable, id: string, lock = false) =>
  one(q.query<Brand>(`${BRAND} WHERE id = $1${lockClause(lock)}`, [id]));
export const saveBrand = (q: Queryable, companyId: string, id: string, name: string) =>
  q.query(
    `INSERT INTO brands (company_id, id, name) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name`,
    [companyId, id, name],
  );
export const deleteBrand = (q: Queryable, id: string) => q.query(`DELETE FROM brands WHERE id = $1`, [id]);

// ── locations ──
const LOCATION = `SELECT id, name, kind, parent_id AS "parentId", active, ${iso('created_at')} AS "createdAt" FROM locations`;
export const listLocations = (q: Queryable) => q.query<Location>(`${LOCATION} ORDER BY lower(name)`);
export const findLocation = (q: Queryable, id: string, lock = false) =>
  one(q.query<Location>(`${LOCATION} WHERE id = $1${lockClause(lock)}`, [id]));
export const saveLocation = (q: Queryable, companyId: string, l: Omit<Location, 'createdAt'>) =>
  q.query(
    `INSERT INTO locations (company_id, id, name, kind, parent_id, active) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name, kind = excluded.kind,
       parent_id = excluded.parent_id, active = excluded.active`,
    [companyId, l.id, l.name, l.kind, l.parentId, l.active],
  );
export const deleteLocation = (q: Queryable, id: string) => q.query(`DELETE FROM locations WHERE id = $1`, [id]);
/** The ancestors of a location, nearest first (a parent chain must not loop). */
export const ancestors = async (q: Queryable, id: string) =>
  (
    await q.query<{ id: string }>(
      `WITH RECURSIVE up(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM locations WHERE id = $1
         UNION ALL SELECT l.id, l.parent_id, up.depth + 1 FROM locations l JOIN up ON l.id = up.parent_id WHERE up.depth < 100)
       SELECT id FROM up ORDER BY depth`,
      [id],
    )
  ).map((r) => r.id);

// ── customers ──
const CUSTOMER_COLUMNS = `id, name, is_customer AS "isCustomer", is_vendor AS "isVendor", contact_name AS "contactName",
  email, phone, tax_id AS "taxId", address, notes, active, ${iso('created_at')} AS "createdAt"`;
export const findCustomer = (q: Queryable, id: string, lock = false) =>
  one(q.query<Customer>(`SELECT ${CUSTOMER_COLUMNS} FROM customers WHERE id = $1${lockClause(lock)}`, [id]));
export const saveCustomer = (q: Queryable, companyId: string, c: Omit<Customer, 'createdAt'>) =>
  q.query(
    `INSERT INTO customers (company_id, id, name, is_customer, is_vendor, contact_name, email, phone, tax_id, address, notes, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name, is_customer = excluded.is_customer,
       is_vendor = excluded.is_vendor, contact_name = excluded.contact_name, email = excluded.email,
       phone = excluded.phone, tax_id = excluded.tax_id, address = excluded.address, notes = excluded.notes,
       active = excluded.active`,
    [
      companyId,
      c.id,
      c.name,
      c.isCustomer,
      c.isVendor,
      c.contactName,
      c.email,
      c.phone,
      c.taxId,
      c.address,
      c.notes,
      c.active,
    ],
  );
export const deleteCustomer = (q: Queryable, id: string) => q.query(`DELETE FROM customers WHERE id = $1`, [id]);

/** A page of customers in name order after a keyset position (lower(name), id). */
export function customerPage(
  q: Queryable,
  f: { search?: string; kind?: 'customer' | 'vendor'; active?: boolean; after: [string, string] | null; limit: number },
) {
  let query = qb
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'phone', 'address', 'notes', 'active'])
    .select(['is_customer as isCustomer', 'is_vendor as isVendor', 'contact_name as contactName', 'tax_id as taxId'])
    .select(sql<string>`${sql.raw(iso('created_at'))}`.as('createdAt'))
    .select(sql<string>`lower(name)`.as('sortName'))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(pageLimit(f.limit + 1));
  if (f.kind === 'customer') query = query.where('is_customer', '=', true);
  if (f.kind === 'vendor') query = query.where('is_vendor', '=', true);
  if (f.active !== undefined) query = query.where('active', '=', f.active);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', like),
        eb('email', 'ilike', like),
        eb('phone', 'ilike', like),
        eb('tax_id', 'ilike', like),
      ]),
    );
  }
  if (f.after) query = query.where(sql<boolean>`(lower(name), id) > (${f.after[0]}, ${f.after[1]}::uuid)`);
  return run(q, query);
}

// ── transaction types ──
const TRANSACTION_TYPE = `SELECT id, name, kind, built_in_key IS NOT NULL AS "builtIn", from_statuses AS "fromStatuses",
  to_status AS "toStatus", default_from_location_id AS "defaultFromLocationId",
  default_to_location_id AS "defaultToLocationId", customer_required AS "customerRequired",
  print_label AS "printLabel", active, ${iso('created_at')} AS "createdAt" FROM transaction_types`;
export const listTransactionTypes = (q: Queryable) =>
  q.query<TransactionType>(`${TRANSACTION_TYPE} ORDER BY built_in_key IS NULL, lower(name)`);
export const findTransactionType = (q: Queryable, id: string, lock = false) =>
  one(q.query<TransactionType>(`${TRANSACTION_TYPE} WHERE id = $1${lockClause(lock)}`, [id]));
/** A built-in type as one JSON value, its key as $2: for a statement that reads it with other things. */
export const BUILT_IN_TYPE_JSON = `SELECT row_to_json(t) FROM (${TRANSACTION_TYPE} WHERE built_in_key = $2) t`;
export const findBuiltInType = (q: Queryable, key: string) =>
  one(q.query<TransactionType>(`${TRANSACTION_TYPE} WHERE built_in_key = $1`, [key]));
export const saveTransactionType = (
  q: Queryable,
  companyId: string,
  t: Omit<TransactionType, 'createdAt' | 'builtIn'>,
) =>
  q.query(
    `INSERT INTO transaction_types (company_id, id, name, kind, from_statuses, to_status, default_from_location_id,
       default_to_location_id, customer_required, print_label, active)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10, $11)
     ON CONFLICT (company_id, id) DO UPDATE SET name = excluded.name, from_statuses = excluded.from_statuses,
       to_status = excluded.to_status, default_from_location_id = excluded.default_from_location_id,
       default_to_location_id = excluded.default_to_location_id, customer_required = excluded.customer_required,
       print_label = excluded.print_label, active = excluded.active`,
    [
      companyId,
      t.id,
      t.name,
      t.kind,
      t.fromStatuses,
      t.toStatus,
      t.defaultFromLocationId,
      t.defaultToLocationId,
      t.customerRequired,
      t.printLabel,
      t.active,
    ],
  );
export const deleteTransactionType = async (q: Queryable, id: string) => {
  await q.query(`DELETE FROM role_claims WHERE claim_type = 'transaction-type' AND claim_value = $1`, [id]);
  await q.query(`DELETE FROM transaction_types WHERE id = $1`, [id]);
};
/** A new type is granted to the built-in Admin role (Admin runs everything; the owner implicitly). */
export const grantToAdmin = (q: Queryable, companyId: string, id: string) =>
  q.query(
    `INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
     SELECT $1, id, 'transaction-type', $2 FROM roles WHERE built_in AND name = 'Admin' ON CONFLICT DO NOTHING`,
    [companyId, id],
  );

// ── usage: what refuses a delete ──
export async function usage(
  q: Queryable,
  checks: Array<[label: string, sqlText: string]>,
  id: string,
): Promise<Array<[string, number]>> {
  const out: Array<[string, number]> = [];
  for (const [label, text] of checks) {
    const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${text}) AS used`, [id]);
    if (row!.n > 0) out.push([label, row!.n]);
  }
  return out;
}

// ── statuses ──
export const listStatuses = (q: Queryable) =>
  q.query<{ key: StatusKey; name: string; defaultName: string }>(
    `SELECT s.key, coalesce(n.display_name, s.name) AS name, s.name AS "defaultName"
       FROM item_statuses s LEFT JOIN status_names n ON n.key = s.key ORDER BY s.sort_order`,
  );
export const setStatusName = (q: Queryable, companyId: string, key: string, name: string | null) =>
  name === null
    ? q.query(`DELETE FROM status_names WHERE key = $1`, [key])
    : q.query(
        `INSERT INTO status_names (company_id, key, display_name) VALUES ($1, $2, $3)
         ON CONFLICT (company_id, key) DO UPDATE SET display_name = excluded.display_name`,
        [companyId, key, name],
      );

// ── label settings ──
export interface LabelSettings {
  widthMm: number;
  heightMm: number;
  symbology: 'code128' | 'qr';
  fields: Array<(typeof LABEL_FIELDS)[number]>;
  showLogo: boolean;
  updatedAt: string;
}
const LABELS = `SELECT width_mm AS "widthMm", height_mm AS "heightMm", symbology, fields, show_logo AS "showLogo",
  ${iso('updated_at')} AS "updatedAt" FROM label_settings`;
export const getLabelSettings = (q: Queryable) => one(q.query<LabelSettings>(LABELS));
export const saveLabelSettings = (q: Queryable, companyId: string, s: Omit<LabelSettings, 'updatedAt'>) =>
  q.query(
    `INSERT INTO label_settings (company_id, width_mm, height_mm, symbology, fields, show_logo, updated_at)
     VALUES ($1, $2, $3, $4, $5::text[], $6, now())
     ON CONFLICT (company_id) DO UPDATE SET width_mm = excluded.width_mm, height_mm = excluded.height_mm,
       symbology = excluded.symbology, fields = excluded.fields, show_logo = excluded.show_logo, updated_at = now()`,
    [companyId, s.widthMm, s.heightMm, s.symbology, s.fields, s.showLogo],
  );
