import type { Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isOwnLogoPath } from '../storage/index.js';
import * as db from './queries.js';
import type { Company, UpdateCompanyBody } from './schemas.js';

/** Another company's id reads as not found: row-level security shows only the caller's own. */
export async function getCompany(q: Queryable, id: string): Promise<Company> {
  const company = await db.findCompany(q, id);
  if (!company) throw notFound('Company not found.');
  return company;
}

export async function updateCompany(q: Queryable, id: string, b: UpdateCompanyBody): Promise<Company> {
  await getCompany(q, id);
  if (b.logoPath && !isOwnLogoPath(id, b.logoPath))
    throw badRequest('logoPath: must be a path in your company’s folder of the company-logos bucket.', 'logoPath');
  await db.updateCompany(q, id, {
    companyName: b.companyName?.trim(),
    industry: b.industry,
    phone: b.phone,
    logoPath: b.logoPath === undefined ? undefined : b.logoPath || null,
  });
  return getCompany(q, id);
}
