import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inPublic } from '../../db/tenant.js';
import { tooManyRequests } from '../../lib/errors.js';
import { hit } from '../../lib/rate-limit.js';
import { answers, Email, OneLine } from '../../lib/schemas.js';

export const ContactBody = Type.Object(
  {
    name: OneLine({ minLength: 1, maxLength: 200 }),
    email: Email,
    subject: Type.Optional(OneLine({ maxLength: 200 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false, title: 'ContactRequest' },
);

export const CONTACT_LIMIT_PER_HOUR = 5;

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        body: ContactBody,
        response: answers(Type.Object({ id: Type.String(), message: Type.String() }, { title: 'ContactResult' }), 201),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const id = await inPublic(app.db, async (q) => {
        if (!(await hit(q, `contact:ip:${request.ip}`, CONTACT_LIMIT_PER_HOUR, 3600))) {
          throw tooManyRequests('You have sent several messages already. Please try again in an hour.');
        }
        const [row] = await q.query<{ id: string }>(
          `INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id`,
          [b.name.trim(), b.email.trim(), b.subject?.trim() || null, b.message],
        );
        return row!.id;
      });
      return reply
        .status(201)
        .send({ id, message: 'Thank you — your message has been sent. We will get back to you soon.' });
    },
  );
};
