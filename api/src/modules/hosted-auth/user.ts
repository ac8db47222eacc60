import type { Database, Queryable } from '../../db/database.js';
import { inTenant } from '../../db/tenant.js';
import { AUDIENCE, goTrueTokens, type UserInfo } from '../auth/index.js';
import { listFactors, type FactorJson } from '../mfa/index.js';
import { identitiesOf } from './identities.js';
import { userFacts, type UserFacts } from './queries.js';

// A user as GoTrue answers one (supabase/auth internal/models/user.go): what supabase-js's User
// type reads. Ours beyond it go where GoTrue keeps a project's own: the company and roles in
// app_metadata (set by the server only), the names in user_metadata.

interface UserDates extends UserFacts {
  /** The user's factors, verified or not (GoTrue lists both; supabase-js counts the verified). */
  factors: FactorJson[];
}

/** The dates GoTrue shows of a user, and its factors, read in the company's transaction. */
export async function userDates(q: Queryable, userId: string): Promise<UserDates> {
  const facts = await userFacts(q, userId);
  return { ...facts!, factors: await listFactors(q, userId) };
}

export function goTrueUser(user: UserInfo, dates: UserDates) {
  const identities = identitiesOf({ userId: user.id, email: user.email, ...dates });
  const providers = identities.map((i) => i.provider);
  return {
    id: user.id,
    aud: AUDIENCE,
    role: 'authenticated',
    email: user.email,
    ...(dates.confirmedAt ? { email_confirmed_at: dates.confirmedAt, confirmed_at: dates.confirmedAt } : {}),
    phone: '',
    ...(user.pendingEmail ? { new_email: user.pendingEmail } : {}),
    app_metadata: { provider: providers[0] ?? 'email', providers, company_id: user.companyId, roles: user.roles },
    user_metadata: {
      user_name: user.userName,
      first_name: user.firstName,
      last_name: user.lastName,
      company_name: user.companyName,
      ...(user.profilePictureUrl ? { avatar_url: user.profilePictureUrl } : {}),
    },
    identities,
    ...(dates.factors.length > 0 ? { factors: dates.factors } : {}),
    created_at: dates.createdAt,
    updated_at: dates.updatedAt,
    is_anonymous: false,
  };
}

/** The user as GoTrue answers one, read in the user's company. */
export const userJson = async (db: Database, user: UserInfo) =>
  goTrueUser(user, await inTenant(db, user.companyId, (q) => userDates(q, user.id)));

/** GoTrue's answer of a session (token grants, /verify, factor verification): what supabase-js saves. */
export function goTrueSession(
  user: UserInfo,
  dates: UserDates,
  s: { accessToken: string; refreshToken: string; expiresIn: number },
) {
  return { ...goTrueTokens(s), user: goTrueUser(user, dates) };
}

/** The same, reading the user's dates in a transaction of its own. */
export async function sessionAnswer(
  db: Database,
  user: UserInfo,
  s: { accessToken: string; refreshToken: string; expiresIn: number },
) {
  return goTrueSession(user, await inTenant(db, user.companyId, (q) => userDates(q, user.id)), s);
}
