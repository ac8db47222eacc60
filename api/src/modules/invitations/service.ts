import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { insertUser, key, loadUserInfo, OWNER, type NewUser, type UserInfo } from '../auth/index.js';
import { assertSeatsAvailable } from '../subscriptions/index.js';
import { assertMayGrantRoles } from '../roles/index.js';
import type { Access } from '../../access/index.js';
import { recordAudit } from '../audit/index.js';
import * as db from './queries.js';
import type { Invitation, InvitationStatus } from './schemas.js';

// Invitations: a pending one holds a seat until it is accepted, revoked or expires. Rules: the
// roles must exist; only a Company Owner invites an owner; one pending invitation per email; a
// resend renews the term (an expired one needs a free seat again, as it had let its seat go).

export type { Invitation };

export const REFUSALS: Record<Exclude<InvitationStatus, 'pending'>, [code: string, message: string]> = {
  accepted: ['INVITATION_USED', 'This invitation has already been used.'],
  revoked: ['INVITATION_REVOKED', 'This invitation has been revoked. Ask your company administrator for a new one.'],
  expired: ['INVITATION_EXPIRED', 'This invitation has expired. Ask your company administrator for a new one.'],
};

/** What the invitation mail needs besides the invitation. */
export interface Sent {
  invitation: Invitation;
  companyName: string;
}

async function invitationOr404(q: Queryable, id: string): Promise<Invitation> {
  const invitation = await db.findInvitation(q, id, true);
  if (!invitation) throw notFound('Invitation not found.');
  return invitation;
}

export const listInvitations = db.listInvitations;

/** An invitation as the audit log keeps it (never its link: whoever holds the link may accept it). */
const snapshot = (i: Invitation) => ({ email: i.email, roles: i.roles, status: i.status, expiresAt: i.expiresAt });

const audited = (
  q: Queryable,
  companyId: string,
  actorId: string,
  action: 'create' | 'revoke' | 'resend',
  before: Invitation | null,
  after: Invitation,
) =>
  recordAudit(q, {
    companyId,
    actorId,
    entity: 'invitation',
    entityId: after.id,
    entityName: after.email,
    action,
    before: before && snapshot(before),
    after: snapshot(after),
  });

export async function createInvitation(
  q: Queryable,
  companyId: string,
  caller: Access & { userId: string },
  email: string,
  roles: string[],
): Promise<Sent> {
  const known = await db.knownRoleNames(q, roles);
  const unknown = roles.filter((r) => !known.includes(r));
  if (unknown.length) throw badRequest(`roles: unknown role ${unknown.map((r) => `"${r}"`).join(', ')}`, 'roles');
  if (roles.includes(OWNER) && !caller.owner) throw forbidden('Only a Company Owner can invite another Company Owner.');
  await assertMayGrantRoles(q, roles, caller);
  if (await db.pendingFor(q, key(email)))
    throw conflict('A pending invitation for this email already exists.', 'email');
  await assertSeatsAvailable(q, 1);
  const id = randomUUID();
  await db.insertInvitation(q, companyId, id, caller.userId, email.trim(), roles);
  const invitation = (await db.findInvitation(q, id))!;
  await audited(q, companyId, caller.userId, 'create', null, invitation);
  return { invitation, companyName: await db.companyName(q) };
}

export async function revokeInvitation(
  q: Queryable,
  companyId: string,
  id: string,
  actorId: string,
): Promise<Invitation> {
  const invitation = await invitationOr404(q, id);
  if (invitation.status !== 'pending') {
    const [code, message] = REFUSALS[invitation.status];
    throw new ApiError(409, `Only a pending invitation can be revoked. ${message}`, code);
  }
  await db.revoke(q, id);
  const revoked = (await db.findInvitation(q, id))!;
  await audited(q, companyId, actorId, 'revoke', invitation, revoked);
  return revoked;
}

export async function resendInvitation(q: Queryable, companyId: string, id: string, actorId: string): Promise<Sent> {
  const invitation = await invitationOr404(q, id);
  if (invitation.status === 'accepted' || invitation.status === 'revoked') {
    const [code, message] = REFUSALS[invitation.status];
    throw new ApiError(409, `Only a pending or expired invitation can be sent again. ${message}`, code);
  }
  if (invitation.status === 'expired') {
    if (await db.pendingFor(q, key(invitation.email)))
      throw conflict('A newer pending invitation for this email already exists.');
    await assertSeatsAvailable(q, 1);
  }
  await db.renew(q, id);
  const renewed = (await db.findInvitation(q, id))!;
  await audited(q, companyId, actorId, 'resend', invitation, renewed);
  return { invitation: renewed, companyName: await db.companyName(q) };
}

/** Unauthenticated look-up: the directory names the company, the rest is read under its RLS. */
const companyOf = (database: Database, invitationId: string) =>
  inPublic(database, (q) => db.directoryEntry(q, invitationId));

export async function describeInvitation(database: Database, invitationId: string) {
  const entry = await companyOf(database, invitationId);
  if (!entry) return null;
  return inTenant(database, entry.companyId, async (q) => {
    const invitation = await db.findInvitation(q, invitationId);
    return invitation ? { invitation, companyName: await db.companyName(q) } : null;
  });
}

/**
 * Accepts a pending invitation: creates the user in the inviting company with the invited roles,
 * marks the invitation used — all in that company's transaction, the invitation row locked.
 * The caller names the invited address (typed by the invitee, or proven by Google): a forwarded
 * or leaked link alone must not let a stranger take the seat under the invitee's name.
 */
export async function acceptInvitation(database: Database, invitationId: string, user: NewUser): Promise<UserInfo> {
  const entry = await companyOf(database, invitationId);
  if (!entry) throw notFound('This invitation does not exist.');
  return inTenant(database, entry.companyId, async (q) => {
    const invitation = await db.findInvitation(q, invitationId, true);
    if (!invitation) throw notFound('This invitation does not exist.');
    if (invitation.status !== 'pending') {
      const [code, message] = REFUSALS[invitation.status];
      throw new ApiError(410, message, code);
    }
    // The message never names the invited address: that would hand the proof to whoever holds the link.
    if (key(user.email) !== key(invitation.email)) {
      throw badRequest('This invitation was sent to a different email address.', 'email', 'INVITATION_EMAIL_MISMATCH');
    }
    // The pending invitation already holds a seat: accepting it turns the seat into a user.
    await db.markAccepted(q, invitationId);
    const userId = await insertUser(q, entry.companyId, { ...user, email: invitation.email }, invitation.roles);
    await db.setAcceptedUser(q, invitationId, userId);
    return (await loadUserInfo(q, userId))!;
  });
}
