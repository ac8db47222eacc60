import type { Queryable } from '../../db/database.js';
import { qb, run, sql } from '../../db/query-builder.js';
import type { Company } from './schemas.js';
import { iso } from '../../db/timestamps.js';

// SQL only. Row-level security shows only the caller's company.
const SELECT = `SELECT id, company_name AS "companyName", logo_path AS "logoPath", industry, phone, address,
  tax_number AS "taxNumber", currency, tax_rate::float8 AS "taxRate",
  prices_include_tax AS "pricesIncludeTax", ${iso('created_at')} AS "createdAt" FROM companies`;

export async function findCompany(q: Queryable, id: string): Promise<Company | null> {
  const [row] = await q.query<Company>(`${SELECT} WHERE id = $1`, [id]);
  return row ?? null;
}

/** Sets only the columns given (undefined: left as it is). */
export async function updateCompany(
  q: Queryable,
  id: string,
  c: {
    companyName?: string;
    industry?: string | null;
    phone?: string | null;
    logoPath?: string | null;
    address?: string | null;
    taxNumber?: string | null;
    currency?: string;
    taxRate?: number;
    pricesIncludeTax?: boolean;
  },
): Promise<void> {
  await run(
    q,
    qb
      .updateTable('companies')
      .set({
        company_name: c.companyName,
        industry: c.industry,
        phone: c.phone,
        logo_path: c.logoPath,
        address: c.address,
        tax_number: c.taxNumber,
        currency: c.currency,
        tax_rate: c.taxRate,
        prices_include_tax: c.pricesIncludeTax,
        updated_at: sql<string>`now()`,
      })
      .where('id', '=', id),
  );
}

/** What a sale is priced in and taxed at, read as it is written (the sale keeps both). */
export interface MoneySettings {
  currency: string;
  /** Percent, as stored (text: kept exact). */
  taxRate: string;
  /** Whether the company's prices have the tax in (the tax is then the part the rate makes up). */
  pricesIncludeTax: boolean;
}
/**
 * Those of the company $3, as one JSON value: a sale reads them in the statement that locks its
 * items (see prepareBuiltIn), one round trip fewer a sale.
 */
export const MONEY_SETTINGS_JSON = `SELECT row_to_json(m) FROM (SELECT currency, tax_rate::text AS "taxRate",
  prices_include_tax AS "pricesIncludeTax" FROM companies WHERE id = $3) m`;
