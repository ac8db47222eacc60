import { Type } from '@sinclair/typebox';
import { Timestamp } from '../../lib/schemas.js';
import { TICKET_TTL_SECONDS } from './tickets.js';

export const TicketAnswer = Type.Object(
  {
    ticket: Type.String({ description: `Opens GET /api/events/stream once, within ${TICKET_TTL_SECONDS} s.` }),
    expiresAt: Timestamp,
  },
  { title: 'EventTicket', additionalProperties: false },
);

export const StreamQuery = Type.Object(
  { ticket: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
