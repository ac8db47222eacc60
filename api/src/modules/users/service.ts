import type { Queryable } from '../../db/database.js';
import { OWNER } from '../../vocabulary.js';
import { conflict, notFound } from '../../lib/errors.js';
import { endSessions } from '../auth/index.js';
import { recordAudit } from '../audit/index.js';
import * as db from './queries.js';
import type { CompanyUser, UserLanguage } from './schemas.js';

// The company's users. Rules for deactivation: nobody deactivates themselves (they would lock
// themselves out mid-click), and a Company Owner is never deactivated — take the role first, which
// the roles module allows only while another owner remains. A deactivated user keeps their seat:
// their history names them and reactivating needs no free seat.

export const listUsers = db.listUsers;

async function userOr404(q: Queryable, id: string): Promise<CompanyUser> {
  const user = await db.findUser(q, id, true);
  if (!user) throw notFound('User not found.');
  return user;
}

/** A user's activation as the audit log keeps it. */
const activation = (u: CompanyUser) => ({ active: u.active });

export async function deactivateUser(
  q: Queryable,
  companyId: string,
  id: string,
  callerId: string,
): Promise<CompanyUser> {
  const user = await userOr404(q, id);
  if (id === callerId) throw conflict('You cannot deactivate yourself.');
  if (user.roles.includes(OWNER))
    throw conflict(`${user.userName} is a Company Owner and cannot be deactivated. Take the role first.`);
  if (user.active) {
    await db.setDeactivated(q, id, true);
    await endSessions(q, id, 'deactivated');
  }
  const after = (await db.findUser(q, id))!;
  await recordAudit(q, {
    companyId,
    actorId: callerId,
    entity: 'user',
    entityId: id,
    entityName: user.userName,
    action: 'deactivate',
    before: activation(user),
    after: activation(after),
  });
  return after;
}

export async function reactivateUser(
  q: Queryable,
  companyId: string,
  id: string,
  callerId: string,
): Promise<CompanyUser> {
  const user = await userOr404(q, id);
  if (!user.active) await db.setDeactivated(q, id, false);
  const after = (await db.findUser(q, id))!;
  await recordAudit(q, {
    companyId,
    actorId: callerId,
    entity: 'user',
    entityId: id,
    entityName: user.userName,
    action: 'reactivate',
    before: activation(user),
    after: activation(after),
  });
  return after;
}

/** Keeps the language a person chose in the app, for what the server writes to them (the digest). */
export async function setLanguage(q: Queryable, userId: string, language: UserLanguage['language']) {
  const saved = await db.setLanguage(q, userId, language);
  if (!saved) throw notFound('User not found.');
  return saved as UserLanguage;
}
