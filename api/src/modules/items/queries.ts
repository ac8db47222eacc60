import type { Queryable } from '../../db/database.js';
import { pageLimit, qb, sql } from '../../db/query-builder.js';
import type { Item, ItemEvent, ItemListQuery, ItemSort } from './schemas.js';
import { iso, exact } from '../../db/timestamps.js';

// SQL only. Every join repeats company_id so the composite keys serve it; RLS filters each table.

const ITEM_COLUMNS = `i.id, i.serial, i.sku, i.item_type_id AS "itemTypeId", t.name AS "itemTypeName",
  i.brand_id AS "brandId", b.name AS "brandName", i.model, i.model_id AS "modelId", i.location_id AS "locationId", l.name AS "locationName",
  i.status, i.cost::float8 AS cost, i.sale_price::float8 AS "salePrice", i.vendor_id AS "vendorId",
  v.name AS "vendorName", i.customer_id AS "customerId", c.name AS "customerName", ${iso('i.received_at')} AS "receivedAt",
  ${iso('i.sold_at')} AS "soldAt", i.warranty_months AS "warrantyMonths", ${iso('i.warranty_ends_at')} AS "warrantyEndsAt",
  i.fields, i.images, i.version, ${iso('i.updated_at')} AS "updatedAt"`;
const ITEM_JOINS = `JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
  JOIN locations l ON l.company_id = i.company_id AND l.id = i.location_id
  LEFT JOIN brands b ON b.company_id = i.company_id AND b.id = i.brand_id
  LEFT JOIN customers c ON c.company_id = i.company_id AND c.id = i.customer_id
  LEFT JOIN customers v ON v.company_id = i.company_id AND v.id = i.vendor_id`;

export async function findItem(q: Queryable, id: string): Promise<Item | null> {
  const rows = await q.query<Item>(`SELECT ${ITEM_COLUMNS} FROM items i ${ITEM_JOINS} WHERE i.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findItemBySerial(q: Queryable, serial: string): Promise<Item | null> {
  const rows = await q.query<Item>(`SELECT ${ITEM_COLUMNS} FROM items i ${ITEM_JOINS} WHERE i.serial_key = lower($1)`, [
    serial.trim(),
  ]);
  return rows[0] ?? null;
}

export const itemsById = (q: Queryable, ids: string[]) =>
  q.query<Item>(
    `SELECT ${ITEM_COLUMNS} FROM items i ${ITEM_JOINS} WHERE i.id = ANY($1::uuid[]) ORDER BY i.serial_key`,
    [ids],
  );

// ── the item list: filters and keyset order built with the query compiler ──
const SORTS: Record<ItemSort, { keys: [string, string]; dir: 'asc' | 'desc'; cast: string }> = {
  received_desc: { keys: ['i.received_at', 'i.id'], dir: 'desc', cast: 'timestamptz' },
  received_asc: { keys: ['i.received_at', 'i.id'], dir: 'asc', cast: 'timestamptz' },
  updated_desc: { keys: ['i.updated_at', 'i.id'], dir: 'desc', cast: 'timestamptz' },
  serial_asc: { keys: ['i.serial_key', 'i.id'], dir: 'asc', cast: 'text' },
  serial_desc: { keys: ['i.serial_key', 'i.id'], dir: 'desc', cast: 'text' },
};
/** The shortest search a trigram index serves; a shorter one is a serial prefix. */
export const TRIGRAM = 3;

/** The list's filters on the items themselves, each an equality on its column. */
const ITEM_FILTERS = [
  ['status', 'i.status'],
  ['locationId', 'i.location_id'],
  ['itemTypeId', 'i.item_type_id'],
  ['brandId', 'i.brand_id'],
  ['customerId', 'i.customer_id'],
  ['vendorId', 'i.vendor_id'],
] as const;

/** One page (limit + 1 rows, to know whether another follows) after a keyset position. */
export async function itemPage(
  q: Queryable,
  f: ItemListQuery & { sort: ItemSort; limit: number },
  after: [string, string] | null,
): Promise<Array<Item & { _key: string }>> {
  const s = SORTS[f.sort];
  const search = f.search?.trim();
  const fragment = search && search.length >= TRIGRAM ? search : null;
  // A fragment search in reception order is ordered and cut on the search rows' own received_at
  // (migrations 0030, 0041): only the page's items are read, however many items the fragment matches.
  const fromSearch = fragment !== null && s.keys[0] === 'i.received_at';
  // With no filter on the items every search row is a row of the page, so the function keeps just
  // the page (a top-N sort of the matches); a filter may drop some, so then it answers every match.
  const filters = ITEM_FILTERS.filter(([field]) => f[field]);
  const filtered = filters.length > 0;
  const want = filtered ? null : pageLimit(f.limit + 1);
  const keys: [string, string] = fromSearch ? ['s.received_at', 's.item_id'] : s.keys;
  const key = sql.raw(keys[0]);
  const id = sql.raw(keys[1]);
  const keyText = sql.raw(s.cast === 'timestamptz' ? exact(keys[0]) : keys[0]);
  const base = fromSearch
    ? qb
        // Sorted before the join, so the join reads items one by one in the page's order and stops
        // at the page's end (a filter on items, e.g. status, just reads a few more).
        .selectFrom(
          sql<{ item_id: string; received_at: string }>`(SELECT item_id, received_at
            FROM stockwise_item_search_page(${fragment}::text, ${s.dir === 'desc'}::boolean,
              ${after?.[0] ?? null}::timestamptz, ${after?.[1] ?? null}::uuid, ${want}::integer)
            ORDER BY received_at ${sql.raw(s.dir)}, item_id ${sql.raw(s.dir)})`.as('s'),
        )
        .innerJoin('items as i', 'i.id', 's.item_id')
    : qb.selectFrom('items as i');
  let page = base
    .select(['i.id'])
    .select(sql<string>`${keyText}`.as('_key'))
    .orderBy(key, s.dir)
    .orderBy(id, s.dir)
    .limit(pageLimit(f.limit + 1));
  for (const [field, column] of filters) page = page.where(column, '=', f[field]!);
  if (fragment !== null && !fromSearch) {
    // Any fragment of a serial, model or SKU, through the trigram index (migration 0022: the search
    // runs beside RLS, in a function bound to the caller's company; RLS still filters these rows).
    page = page.where('i.id', 'in', sql<string>`(SELECT item_id FROM stockwise_item_search(${fragment}))`);
  } else if (search && fragment === null) {
    // Shorter than a trigram: no trigram index can serve it, so a serial prefix, as a range in byte
    // order — leakproof operators, so the serial index (items_serial_key, text_pattern_ops) serves it under RLS.
    page = page.where(
      sql<boolean>`(i.serial_key ~>=~ lower(${search}::text) AND i.serial_key ~<~ (lower(${search}::text) || ${'\u{10FFFF}'}::text))`,
    );
  }
  if (after) {
    const op = sql.raw(s.dir === 'asc' ? '>' : '<');
    page = page.where(sql<boolean>`(${key}, ${id}) ${op} (${after[0]}::${sql.raw(s.cast)}, ${after[1]}::uuid)`);
  }
  const compiled = page.compile();
  // The page's ids and keys, then the rows with their names, in the page's order.
  return q.query<Item & { _key: string }>(
    `SELECT ${ITEM_COLUMNS}, page._key FROM (${compiled.sql}) AS page
       JOIN items i ON i.id = page.id ${ITEM_JOINS}
      ORDER BY ${s.keys[0]} ${s.dir}, i.id ${s.dir}`,
    compiled.parameters as unknown[],
  );
}

// ── history ──
/** A check-out's or check-in's loan on an event `e` (to whom, due when): every history answer shows it. */
export const EVENT_LOAN = {
  columns: `e.loan_id AS "loanId",
    coalesce(nullif(btrim(lu.first_name || ' ' || lu.last_name), ''), lu.user_name, lc.name) AS "loanBorrower",
    ${iso('ln.due_at')} AS "loanDueAt"`,
  joins: `LEFT JOIN loans ln ON ln.company_id = e.company_id AND ln.id = e.loan_id
  LEFT JOIN users lu ON lu.company_id = ln.company_id AND lu.id = ln.user_id
  LEFT JOIN customers lc ON lc.company_id = ln.company_id AND lc.id = ln.customer_id`,
};
const EVENT_COLUMNS = `e.id, e.item_id AS "itemId", i.serial, e.item_version AS version, e.kind,
  e.transaction_type_id AS "transactionTypeId", tt.name AS "transactionTypeName",
  e.from_location_id AS "fromLocationId", e.to_location_id AS "toLocationId", e.from_status AS "fromStatus",
  e.to_status AS "toStatus", e.customer_id AS "customerId", e.sale_id AS "saleId", e.user_id AS "userId",
  u.user_name AS "userName", e.note, e.reason, e.refund::float8 AS refund, e.deltas,
  e.warranty_claim_id AS "warrantyClaimId", e.warranty_state AS "warrantyState", e.stocktake_id AS "stocktakeId",
  e.purchase_order_id AS "purchaseOrderId", po.number AS "purchaseOrderNumber",
  ${EVENT_LOAN.columns}, ${iso('e.created_at')} AS "createdAt"`;
const EVENT_JOINS = `JOIN items i ON i.company_id = e.company_id AND i.id = e.item_id
  LEFT JOIN transaction_types tt ON tt.company_id = e.company_id AND tt.id = e.transaction_type_id
  LEFT JOIN users u ON u.company_id = e.company_id AND u.id = e.user_id
  LEFT JOIN purchase_orders po ON po.company_id = e.company_id AND po.id = e.purchase_order_id
  ${EVENT_LOAN.joins}`;

export const history = (q: Queryable, itemId: string) =>
  q.query<ItemEvent>(
    `SELECT ${EVENT_COLUMNS} FROM item_events e ${EVENT_JOINS} WHERE e.item_id = $1 ORDER BY e.item_version`,
    [itemId],
  );

export const eventsById = (q: Queryable, ids: string[]) =>
  q.query<ItemEvent>(
    `SELECT ${EVENT_COLUMNS} FROM item_events e ${EVENT_JOINS} WHERE e.id = ANY($1::uuid[]) ORDER BY i.serial_key`,
    [ids],
  );

// ── writes ──
export interface LockedItem {
  id: string;
  serial: string;
  status: string;
  locationId: string;
  customerId: string | null;
  warrantyMonths: number;
  version: number;
}

const LOCKED = `SELECT id, serial, status, location_id AS "locationId", customer_id AS "customerId",
            warranty_months AS "warrantyMonths", version FROM items`;
const lockWhere = (by: { ids?: string[]; serials?: string[] }) =>
  by.ids ? 'id = ANY($1::uuid[])' : 'serial_key = ANY($1::text[])';
const lockKeys = (by: { ids?: string[]; serials?: string[] }) =>
  by.ids ?? by.serials!.map((s) => s.trim().toLowerCase());

/** Locks the items in one stable order (by id), so two batches never wait on each other in a circle. */
export function lockItems(q: Queryable, by: { ids?: string[]; serials?: string[] }): Promise<LockedItem[]> {
  return q.query<LockedItem>(`${LOCKED} WHERE ${lockWhere(by)} ORDER BY id FOR UPDATE`, [lockKeys(by)]);
}

/**
 * The same lock, and in the same round trip the built-in transaction type it is for
 * (typeSql: a query of one JSON value with the key as $2; null when the company has no such type)
 * and, when asked, the caller's company's row the work needs (companySql: a query of one JSON
 * value with the company's id as $3; a sale's money settings).
 */
export async function lockItemsForType<T, C = null>(
  q: Queryable,
  by: { ids?: string[]; serials?: string[] },
  typeSql: string,
  typeKey: string,
  company?: { sql: string; id: string },
): Promise<{ type: T | null; items: LockedItem[]; company: C | null }> {
  const [row] = await q.query<{ type: T | null; items: LockedItem[]; company: C | null }>(
    `WITH locked AS (${LOCKED} WHERE ${lockWhere(by)} ORDER BY id FOR UPDATE)
     SELECT (${typeSql}) AS type, ${company ? `(${company.sql})` : 'NULL'} AS company,
            coalesce((SELECT json_agg(locked ORDER BY id) FROM locked), '[]') AS items`,
    company ? [lockKeys(by), typeKey, company.id] : [lockKeys(by), typeKey],
  );
  return row!;
}

export interface ItemChange {
  id: string;
  status: string;
  locationId: string;
  customerId: string | null;
  sold: boolean;
  salePrice: number | null;
}

/** Status, location, customer for the whole batch; a sale also starts the warranty. Parameters $1–$6. */
const UPDATE_ITEMS = `UPDATE items i SET status = v.status, location_id = v.location_id, customer_id = v.customer_id,
            sold_at = CASE WHEN v.sold THEN now() ELSE i.sold_at END,
            warranty_ends_at = CASE WHEN v.sold THEN now() + make_interval(months => i.warranty_months)
                                    ELSE i.warranty_ends_at END,
            sale_price = CASE WHEN v.sold THEN coalesce(v.sale_price, i.sale_price) ELSE i.sale_price END,
            version = i.version + 1, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::boolean[], $6::numeric[])
            AS v(id, status, location_id, customer_id, sold, sale_price)
      WHERE i.id = v.id`;
const changeParams = (changes: ItemChange[]) => [
  changes.map((c) => c.id),
  changes.map((c) => c.status),
  changes.map((c) => c.locationId),
  changes.map((c) => c.customerId),
  changes.map((c) => c.sold),
  changes.map((c) => c.salePrice),
];

export interface NewEvent {
  itemId: string;
  version: number;
  kind: string;
  transactionTypeId: string | null;
  fromLocationId: string | null;
  toLocationId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  customerId: string | null;
  saleId: string | null;
  deltas: Record<string, [unknown, unknown]> | null;
  reason?: string | null;
  refund?: number | null;
  /** A warranty claim's step: the claim and the state it reached. */
  warrantyClaimId?: string | null;
  warrantyState?: string | null;
  /** A stock-take's change (kind stocktake): the count. */
  stocktakeId?: string | null;
  /** A reception against a purchase order (kind receive): the order. */
  purchaseOrderId?: string | null;
  /** A check-out or check-in (kinds check_out, check_in): the loan. */
  loanId?: string | null;
}

/** One event per item in one multi-row insert; its parameters start after the first `at`. */
const insertEventsSql = (at: number) => {
  const $ = (n: number) => `$${at + n}`;
  return `INSERT INTO item_events (company_id, item_id, item_version, kind, transaction_type_id, from_location_id,
        to_location_id, from_status, to_status, customer_id, sale_id, user_id, note, deltas, reason, refund,
        warranty_claim_id, warranty_state, stocktake_id, purchase_order_id, loan_id)
     SELECT ${$(1)}, e.item_id, e.version, e.kind, e.tt, e.from_loc, e.to_loc, e.from_status, e.to_status, e.customer,
            e.sale, ${$(2)}, ${$(3)}, e.deltas, e.reason, e.refund, e.claim, e.claim_state, e.stocktake, e.po,
            e.loan
       FROM unnest(${$(4)}::uuid[], ${$(5)}::int[], ${$(6)}::text[], ${$(7)}::uuid[], ${$(8)}::uuid[], ${$(9)}::uuid[],
                   ${$(10)}::text[], ${$(11)}::text[], ${$(12)}::uuid[], ${$(13)}::uuid[], ${$(14)}::jsonb[],
                   ${$(15)}::text[], ${$(16)}::numeric[], ${$(17)}::uuid[], ${$(18)}::text[],
                   ${$(19)}::uuid[], ${$(20)}::uuid[], ${$(21)}::uuid[])
            AS e(item_id, version, kind, tt, from_loc, to_loc, from_status, to_status, customer, sale, deltas, reason,
                 refund, claim, claim_state, stocktake, po, loan)
     RETURNING id`;
};
const eventParams = (companyId: string, userId: string, note: string | null, events: NewEvent[]) => [
  companyId,
  userId,
  note,
  events.map((e) => e.itemId),
  events.map((e) => e.version),
  events.map((e) => e.kind),
  events.map((e) => e.transactionTypeId),
  events.map((e) => e.fromLocationId),
  events.map((e) => e.toLocationId),
  events.map((e) => e.fromStatus),
  events.map((e) => e.toStatus),
  events.map((e) => e.customerId),
  events.map((e) => e.saleId),
  events.map((e) => (e.deltas ? JSON.stringify(e.deltas) : null)),
  events.map((e) => e.reason ?? null),
  events.map((e) => e.refund ?? null),
  events.map((e) => e.warrantyClaimId ?? null),
  events.map((e) => e.warrantyState ?? null),
  events.map((e) => e.stocktakeId ?? null),
  events.map((e) => e.purchaseOrderId ?? null),
  events.map((e) => e.loanId ?? null),
];
/** How many parameters eventParams gives: a statement's own parameters follow them. */
const EVENT_PARAMS = 21;

/** One event per item, one statement; answers the new events' ids. */
export async function insertEvents(
  q: Queryable,
  companyId: string,
  userId: string,
  note: string | null,
  events: NewEvent[],
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(insertEventsSql(0), eventParams(companyId, userId, note, events));
  return rows.map((r) => r.id);
}

export interface EventMeta {
  companyId: string;
  userId: string;
  note: string | null;
}

/** The batch's changes and its events in one statement (one round trip); answers the events' ids. */
export async function applyAndRecord(
  q: Queryable,
  changes: ItemChange[],
  event: EventMeta,
  events: NewEvent[],
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `WITH changed AS (${UPDATE_ITEMS} RETURNING i.id), recorded AS (${insertEventsSql(6)})
     SELECT id FROM recorded`,
    [...changeParams(changes), ...eventParams(event.companyId, event.userId, event.note, events)],
  );
  return rows.map((r) => r.id);
}

/** A sale to write: its lines as asked (price, discount) and what the company prices and taxes in now. */
export interface SaleToRecord {
  id: string;
  customerId: string | null;
  currency: string;
  /** Percent, as the company stores it (text: kept exact). */
  taxRate: string;
  /** The currency's decimals a tax is rounded to (JPY 0). */
  taxDigits: number;
  /** Whether the prices asked include the tax (the company's setting when the sale is made). */
  pricesIncludeTax: boolean;
  /**
   * An item's line (itemId; quantity 1), or a model × quantity taken from a location (modelId,
   * locationId — modules/quantity-stock took it off the shelf first). price: of the item or of one
   * unit; the line's price is it × quantity.
   */
  lines: Array<{
    itemId: string | null;
    modelId: string | null;
    locationId: string | null;
    quantity: number;
    price: number;
    discount: number;
  }>;
}

/**
 * The same for a sale, with the sale itself in the statement: its row (numbered from the company's
 * sequence, migration 0013: no lock held to commit), its lines, and the sale answered — lines with
 * the serials and warranty ends the items' update just wrote. Each line's net, tax and total and the
 * sale's sums are worked out here in numeric (exact decimals, no binary fractions). Tax on top:
 * net = price − discount, tax = net × rate. Prices that include tax: total = price − discount, the
 * tax is the part of it the rate makes up (total × rate / (100 + rate)), net = total − tax. The tax
 * is rounded per line and the sale's figures are its lines' sums, so a receipt always adds up.
 * Parameters after the events: the sale's id, customer, currency, rate, tax decimals, line items,
 * prices, discounts and whether the prices include tax.
 */
export async function sellAndRecord<Sale>(
  q: Queryable,
  changes: ItemChange[],
  event: EventMeta,
  events: NewEvent[],
  sale: SaleToRecord,
  summary: { columns: string; joins: string },
): Promise<Sale> {
  const S = 6 + EVENT_PARAMS; // the sale's parameters follow the items' (6) and the events'
  const [row] = await q.query<Sale>(
    `WITH changed AS (${UPDATE_ITEMS} RETURNING i.id, i.serial, i.warranty_ends_at, i.item_type_id, i.brand_id, i.model),
     recorded AS (${insertEventsSql(6)}),
     asked AS (SELECT n, item_id, model_id, location_id, quantity, round(price, 2) * quantity AS price,
                      round(discount, 2) AS discount
                 FROM unnest($${S + 6}::uuid[], $${S + 7}::numeric[], $${S + 8}::numeric[], $${S + 10}::uuid[],
                             $${S + 11}::uuid[], $${S + 12}::int[])
                      WITH ORDINALITY AS l(item_id, price, discount, model_id, location_id, quantity, n)),
     taxed AS (SELECT n, item_id, model_id, location_id, quantity, price, discount,
                      round(CASE WHEN $${S + 9}::boolean
                                 THEN (price - discount) * $${S + 4}::numeric / (100 + $${S + 4}::numeric)
                                 ELSE (price - discount) * $${S + 4}::numeric / 100 END, $${S + 5}::int) AS tax
                 FROM asked),
     priced AS (SELECT n, item_id, model_id, location_id, quantity, price, discount, tax,
                       price - discount - CASE WHEN $${S + 9}::boolean THEN tax ELSE 0 END AS net
                  FROM taxed),
     s AS (INSERT INTO sales (company_id, id, number, customer_id, seller_id, net, tax, total, currency, tax_rate,
                              prices_include_tax, note)
           SELECT $7, $${S + 1}, stockwise_next_sale_number(), $${S + 2}, $8, sum(net), sum(tax), sum(net + tax),
                  $${S + 3}, $${S + 4}::numeric, $${S + 9}::boolean, $9
             FROM priced RETURNING *),
     l AS (INSERT INTO sale_lines (company_id, sale_id, line, item_id, model_id, location_id, quantity, price, discount,
                                   net, tax, total)
           SELECT $7, $${S + 1}, n, item_id, model_id, location_id, quantity, price, discount, net, tax, net + tax
             FROM priced
           RETURNING line, item_id, model_id, quantity, price, discount, net, tax, total)
     SELECT ${summary.columns},
            (SELECT json_agg(json_build_object('line', l.line, 'itemId', l.item_id, 'serial', i.serial,
                      'modelId', l.model_id, 'quantity', l.quantity,
                      'itemTypeName', t.name, 'brandName', b.name, 'model', coalesce(i.model, m.name),
                      'price', l.price::float8, 'discount', l.discount::float8, 'net', l.net::float8,
                      'tax', l.tax::float8, 'total', l.total::float8,
                      'warrantyEndsAt', ${iso('i.warranty_ends_at')}, 'returnedAt', NULL,
                      'returnedQuantity', 0) ORDER BY l.line)
               FROM l LEFT JOIN changed i ON i.id = l.item_id
               LEFT JOIN product_models m ON m.company_id = $7 AND m.id = l.model_id
               JOIN item_types t ON t.company_id = $7 AND t.id = coalesce(i.item_type_id, m.item_type_id)
               LEFT JOIN brands b ON b.company_id = $7 AND b.id = coalesce(i.brand_id, m.brand_id)) AS lines
       FROM s ${summary.joins}`,
    [
      ...changeParams(changes),
      ...eventParams(event.companyId, event.userId, event.note, events),
      sale.id,
      sale.customerId,
      sale.currency,
      sale.taxRate,
      sale.taxDigits,
      sale.lines.map((l) => l.itemId),
      sale.lines.map((l) => l.price),
      sale.lines.map((l) => l.discount),
      sale.pricesIncludeTax,
      sale.lines.map((l) => l.modelId),
      sale.lines.map((l) => l.locationId),
      sale.lines.map((l) => l.quantity),
    ],
  );
  return row!;
}

// ── returns ──
/**
 * Each item's sale line still open: of a sale not voided, not returned yet (at most one per item);
 * its price is what the customer paid for it (the line's total: after the discount, with the tax).
 */
export const openSaleLines = (q: Queryable, itemIds: string[]) =>
  q.query<{ itemId: string; saleId: string; line: number; price: number }>(
    `SELECT l.item_id AS "itemId", l.sale_id AS "saleId", l.line, l.total::float8 AS price
       FROM sale_lines l JOIN sales s ON s.company_id = l.company_id AND s.id = l.sale_id
      WHERE l.item_id = ANY($1::uuid[]) AND l.returned_by IS NULL AND s.voided_at IS NULL`,
    [itemIds],
  );

/** The lines these return events took back now name them: a line is returned once. */
export const markLinesReturned = (q: Queryable, eventIds: string[]) =>
  q.query(
    `UPDATE sale_lines l SET returned_by = e.id
       FROM item_events e
      WHERE e.id = ANY($1::uuid[]) AND l.company_id = e.company_id AND l.sale_id = e.sale_id
        AND l.item_id = e.item_id AND l.returned_by IS NULL`,
    [eventIds],
  );

// ── voids ──
/** What each item of a sale was before it: its sell event's status. */
export const statusesBeforeSale = (q: Queryable, saleId: string) =>
  q.query<{ itemId: string; fromStatus: string }>(
    `SELECT item_id AS "itemId", from_status AS "fromStatus" FROM item_events WHERE sale_id = $1 AND kind = 'sell'`,
    [saleId],
  );

/** A voided sale's items back as before it: not sold, no buyer, no warranty running. */
export const unsell = (q: Queryable, items: Array<{ id: string; status: string }>) =>
  q.query(
    `UPDATE items i SET status = v.status, customer_id = NULL, sold_at = NULL, warranty_ends_at = NULL,
            version = i.version + 1, updated_at = now()
       FROM unnest($1::uuid[], $2::text[]) AS v(id, status)
      WHERE i.id = v.id`,
    [items.map((i) => i.id), items.map((i) => i.status)],
  );

export const existingSerials = async (q: Queryable, keys: string[]) =>
  (
    await q.query<{ serial: string }>(`SELECT serial FROM items WHERE serial_key = ANY($1::text[]) ORDER BY serial`, [
      keys,
    ])
  ).map((r) => r.serial);

/** One item of a reception: each may differ (a file's rows do); a batch of the API shares them. */
export interface NewItem {
  serial: string;
  itemTypeId: string;
  locationId: string;
  brandId: string | null;
  model: string | null;
  /** The product model, when the reception picked one. */
  modelId?: string | null;
  sku: string | null;
  vendorId: string | null;
  cost: number | null;
  salePrice: number | null;
  warrantyMonths: number;
  fields: Record<string, unknown>;
  images: string[];
}

/** A product model's defaults for a reception (null: no such model). */
export const modelDefaults = async (q: Queryable, id: string) =>
  (
    await q.query<{
      id: string;
      name: string;
      itemTypeId: string;
      brandId: string | null;
      salePrice: number | null;
      cost: number | null;
      warrantyMonths: number;
      archived: boolean;
      trackedByQuantity: boolean;
    }>(
      // FOR SHARE: a switch to tracking by quantity (which locks the model FOR UPDATE) waits for this
      // reception, then sees its items and refuses.
      `SELECT id, name, item_type_id AS "itemTypeId", brand_id AS "brandId", sale_price::float8 AS "salePrice",
              cost::float8 AS cost, warranty_months AS "warrantyMonths", archived_at IS NOT NULL AS archived,
              tracked_by_quantity AS "trackedByQuantity"
         FROM product_models WHERE id = $1 FOR SHARE`,
      [id],
    )
  )[0] ?? null;

/** Inserts in the given order and answers the ids in that order. */
export async function insertItems(q: Queryable, companyId: string, items: NewItem[]): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `INSERT INTO items (company_id, serial, item_type_id, location_id, status, brand_id, model, model_id, sku, vendor_id,
        cost, sale_price, warranty_months, fields, images)
     SELECT $1, x.serial, x."itemTypeId", x."locationId", 'in_stock', x."brandId", x.model, x."modelId", x.sku,
            x."vendorId", x.cost, x."salePrice", x."warrantyMonths", x.fields,
            ARRAY(SELECT jsonb_array_elements_text(x.images))
       FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (serial text, "itemTypeId" uuid, "locationId" uuid,
              "brandId" uuid, model text, "modelId" uuid, sku text, "vendorId" uuid, cost numeric, "salePrice" numeric,
              "warrantyMonths" integer, fields jsonb, images jsonb)) WITH ORDINALITY AS x
      ORDER BY x.ordinality
     RETURNING id`,
    [companyId, JSON.stringify(items)],
  );
  return rows.map((r) => r.id);
}

export interface ItemRow {
  id: string;
  serial: string;
  sku: string | null;
  brandId: string | null;
  model: string | null;
  cost: number | null;
  salePrice: number | null;
  vendorId: string | null;
  warrantyMonths: number;
  fields: Record<string, unknown>;
  images: string[];
  itemTypeId: string;
  version: number;
  soldAt: string | null;
}

export async function lockItemRow(q: Queryable, id: string): Promise<ItemRow | null> {
  const rows = await q.query<ItemRow>(
    `SELECT id, serial, sku, brand_id AS "brandId", model, cost::float8 AS cost, sale_price::float8 AS "salePrice",
            vendor_id AS "vendorId", warranty_months AS "warrantyMonths", fields, images, item_type_id AS "itemTypeId",
            version, ${iso('sold_at')} AS "soldAt"
       FROM items WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export const updateItemRow = (q: Queryable, r: ItemRow) =>
  q.query(
    `UPDATE items SET serial = $2, sku = $3, brand_id = $4, model = $5, cost = $6, sale_price = $7, vendor_id = $8,
            warranty_months = $9, fields = $10::jsonb, images = $11::text[], version = version + 1, updated_at = now(),
            warranty_ends_at = CASE WHEN sold_at IS NULL THEN NULL ELSE sold_at + make_interval(months => $9) END
      WHERE id = $1`,
    [
      r.id,
      r.serial,
      r.sku,
      r.brandId,
      r.model,
      r.cost,
      r.salePrice,
      r.vendorId,
      r.warrantyMonths,
      JSON.stringify(r.fields),
      r.images,
    ],
  );

export const companyCustomer = async (q: Queryable, id: string, kind: 'customer' | 'vendor') =>
  (
    await q.query<{ name: string; active: boolean }>(
      `SELECT name, active FROM customers WHERE id = $1 AND ${kind === 'vendor' ? 'is_vendor' : 'is_customer'}`,
      [id],
    )
  )[0] ?? null;

// ── exports ──
/** Every custom field the company's item types define, in type-name then definition order. */
export const fieldDefinitions = (q: Queryable) =>
  q.query<{ key: string; label: string; type: string }>(
    `SELECT f->>'key' AS key, f->>'label' AS label, f->>'type' AS type
       FROM item_types t, jsonb_array_elements(t.fields) WITH ORDINALITY AS x(f, n)
      ORDER BY t.name, t.id, x.n`,
  );

/** These items' custom field values (a batch of another list's items, to export them as columns). */
export const itemFields = (q: Queryable, ids: string[]) =>
  q.query<{ id: string; fields: Record<string, unknown> }>(`SELECT id, fields FROM items WHERE id = ANY($1::uuid[])`, [
    ids,
  ]);

/** The names of these vendors (a batch's), for an export that shows names, not ids. */
export const vendorNames = (q: Queryable, ids: string[]) =>
  q.query<{ id: string; name: string }>(`SELECT id, name FROM customers WHERE id = ANY($1::uuid[])`, [ids]);
