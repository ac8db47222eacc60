import type { Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { hasAtMostDecimals, isCurrency, TAX_RATE_DECIMALS } from '../../lib/money.js';
import { isOwnLogoPath, releaseLogo, type ObjectStore } from '../storage/index.js';
import { recordAudit } from '../audit/index.js';
import * as db from './queries.js';
import type { Company, UpdateCompanyBody } from './schemas.js';

/** Another company's id reads as not found: row-level security shows only the caller's own. */
export async function getCompany(q: Queryable, id: string): Promise<Company> {
  const company = await db.findCompany(q, id);
  if (!company) throw notFound('Company not found.');
  return company;
}

/** Saving another logo (or none) frees the previous one from the company's storage. */
export async function updateCompany(
  q: Queryable,
  objects: ObjectStore,
  id: string,
  b: UpdateCompanyBody,
  actorId: string,
): Promise<Company> {
  const before = await getCompany(q, id);
  if (b.logoPath && !isOwnLogoPath(id, b.logoPath))
    throw badRequest('logoPath: must be a path in your company’s folder of the company-logos bucket.', 'logoPath');
  if (b.currency !== undefined && !isCurrency(b.currency))
    throw badRequest(`currency: ${b.currency} is not an ISO 4217 currency code.`, 'currency');
  if (b.taxRate !== undefined && !hasAtMostDecimals(b.taxRate, TAX_RATE_DECIMALS))
    throw badRequest(`taxRate: at most ${TAX_RATE_DECIMALS} decimals.`, 'taxRate');
  const logoPath = b.logoPath === undefined ? undefined : b.logoPath || null;
  await db.updateCompany(q, id, {
    companyName: b.companyName?.trim(),
    industry: b.industry,
    phone: b.phone,
    logoPath,
    // Blank text clears the field: a receipt prints nothing rather than an empty line.
    address: b.address === undefined ? undefined : b.address?.trim() || null,
    taxNumber: b.taxNumber === undefined ? undefined : b.taxNumber?.trim() || null,
    currency: b.currency,
    taxRate: b.taxRate,
    pricesIncludeTax: b.pricesIncludeTax,
  });
  if (logoPath !== undefined) await releaseLogo(q, objects, id, before.logoPath ?? null, logoPath);
  const after = await getCompany(q, id);
  await recordAudit(q, {
    companyId: id,
    actorId,
    entity: 'company',
    entityId: id,
    entityName: after.companyName,
    action: 'update',
    before,
    after,
  });
  return after;
}
