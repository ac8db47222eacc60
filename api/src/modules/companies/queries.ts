import type { Queryable } from '../../db/database.js';
import { qb, run, sql } from '../../db/query-builder.js';
import type { Company } from './schemas.js';
import { iso } from '../../db/timestamps.js';

// SQL only. Row-level security shows only the caller's company.
const SELECT = `SELECT id, company_name AS "companyName", logo_path AS "logoPath", industry, phone,
  ${iso('created_at')} AS "createdAt" FROM companies`;

export async function findCompany(q: Queryable, id: string): Promise<Company | null> {
  const [row] = await q.query<Company>(`${SELECT} WHERE id = $1`, [id]);
  return row ?? null;
}

/** Sets only the columns given (undefined: left as it is). */
export async function updateCompany(
  q: Queryable,
  id: string,
  c: { companyName?: string; industry?: string | null; phone?: string | null; logoPath?: string | null },
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
        updated_at: sql<string>`now()`,
      })
      .where('id', '=', id),
  );
}
