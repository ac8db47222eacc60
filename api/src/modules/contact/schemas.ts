import { Type, type Static } from '@sinclair/typebox';
import { Email, OneLine } from '../../lib/schemas.js';

export const ContactBody = Type.Object(
  {
    name: OneLine({ minLength: 1, maxLength: 200 }),
    email: Email,
    subject: Type.Optional(OneLine({ maxLength: 200 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false, title: 'ContactRequest' },
);
export type ContactBody = Static<typeof ContactBody>;

export const ContactResult = Type.Object({ id: Type.String(), message: Type.String() }, { title: 'ContactResult' });
