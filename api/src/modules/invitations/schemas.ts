import { Type, type Static } from '@sinclair/typebox';
import { Email, Nullable, OneLine, OneOf, Timestamp } from '../../lib/schemas.js';
import { INVITATION_STATUSES, type InvitationStatus } from '../../vocabulary.js';

export const INVITATION_DAYS = 7;

export { INVITATION_STATUSES, type InvitationStatus };

export const InvitationSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.String()),
    invitedBy: Type.String(),
    invitedByUserName: Nullable(Type.String()),
    status: OneOf(INVITATION_STATUSES),
    expiresAt: Timestamp,
    createdAt: Timestamp,
    acceptedAt: Nullable(Timestamp),
    inviteUrl: Type.Optional(Type.String()),
  },
  { title: 'Invitation' },
);
export type Invitation = Omit<Static<typeof InvitationSchema>, 'inviteUrl'>;

export const CreateInvitationBody = Type.Object(
  {
    email: Email,
    roles: Type.Array(OneLine({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 20, uniqueItems: true }),
  },
  { additionalProperties: false, title: 'CreateInvitationRequest' },
);
