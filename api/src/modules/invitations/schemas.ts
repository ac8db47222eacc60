import { Type, type Static } from '@sinclair/typebox';
import { Email, OneLine, Timestamp } from '../../lib/schemas.js';
import { INVITATION_STATUSES, type InvitationStatus } from '../../vocabulary.js';

export const INVITATION_DAYS = 7;

export { INVITATION_STATUSES, type InvitationStatus };

export const InvitationSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.String()),
    invitedBy: Type.String(),
    invitedByUserName: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union(INVITATION_STATUSES.map((s) => Type.Literal(s))),
    expiresAt: Timestamp,
    createdAt: Timestamp,
    acceptedAt: Type.Union([Timestamp, Type.Null()]),
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
