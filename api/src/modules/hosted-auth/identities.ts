import { createHash } from 'node:crypto';

// A user's ways in, as GoTrue's identities (supabase/auth internal/models/identity.go): `email`
// while the account has a password, `google` while a Google account is connected. They are not
// rows of their own — the password hash and the connected Google subject on users are the truth —
// so an identity's id is derived from what it stands for: unlinking Google and connecting another
// Google account gives a new id, and an old id finds nothing.

export interface IdentityFacts {
  userId: string;
  email: string;
  hasPassword: boolean;
  googleSubject: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface GoTrueIdentity {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: 'email' | 'google';
  email: string;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string;
}

/** A stable UUID-shaped id (version 8: derived) for what the identity stands for. */
function derivedId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\0')).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function identitiesOf(f: IdentityFacts): GoTrueIdentity[] {
  const at = { created_at: f.createdAt, updated_at: f.updatedAt, last_sign_in_at: f.updatedAt };
  const list: GoTrueIdentity[] = [];
  if (f.hasPassword)
    list.push({
      identity_id: derivedId('email', f.userId),
      id: f.userId,
      user_id: f.userId,
      identity_data: { sub: f.userId, email: f.email, email_verified: true },
      provider: 'email',
      email: f.email,
      ...at,
    });
  if (f.googleSubject)
    list.push({
      identity_id: derivedId('google', f.userId, f.googleSubject),
      id: f.googleSubject,
      user_id: f.userId,
      identity_data: { sub: f.googleSubject, email: f.email, email_verified: true },
      provider: 'google',
      email: f.email,
      ...at,
    });
  return list;
}
