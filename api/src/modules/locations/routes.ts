import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { badRequest, conflict } from '../../lib/errors.js';
import { OneLine, answers } from '../../lib/schemas.js';
import { MANAGERS } from '../../access/index.js';
import { assertLocationsAvailable } from '../subscriptions/plan-limits.js';

// Locations (spec: "stores"; DOMAIN.md): the minimum the plan limit needs — list and create,
// each create counted against maxLocations (plus add-ons). The settings screen builds on it.

export const LocationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    parentId: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
    createdAt: Type.String(),
  },
  { title: 'Location' },
);

export const CreateLocationBody = Type.Object(
  {
    name: OneLine({ minLength: 1, maxLength: 120 }),
    parentId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
  },
  { additionalProperties: false, title: 'CreateLocationRequest' },
);

const SELECT = `SELECT id, name, parent_id AS "parentId", active,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt" FROM locations`;

export const locationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['locations'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/locations',
    { schema: { ...common, operationId: 'listLocations', response: answers(Type.Array(LocationSchema)) } },
    (request) => app.inCompany(request, (q) => q.query(`${SELECT} ORDER BY name`)),
  );

  app.post(
    '/api/locations',
    {
      schema: {
        ...common,
        operationId: 'createLocation',
        ...MANAGERS,
        description:
          'Company Owner or Admin; refused with 403 PLAN_LIMIT_LOCATIONS past the plan’s maxLocations (plus add-ons).',
        body: CreateLocationBody,
        response: answers(LocationSchema, 201),
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw badRequest('name: must not be blank', 'name');
      const parentId = request.body.parentId ?? null;
      const location = await app.inCompany(request, async (q) => {
        // The limit check locks the company's limits first, so two creates cannot both pass it.
        await assertLocationsAvailable(q, 1);
        if (parentId && !(await q.query(`SELECT 1 FROM locations WHERE id = $1`, [parentId])).length) {
          throw badRequest('parentId: no such location', 'parentId');
        }
        if ((await q.query(`SELECT 1 FROM locations WHERE lower(name) = lower($1)`, [name])).length) {
          throw conflict('A location with this name already exists.', 'name');
        }
        const [row] = await q.query<Static<typeof LocationSchema>>(
          `INSERT INTO locations (company_id, name, parent_id) VALUES ($1, $2, $3)
           RETURNING id, name, parent_id AS "parentId", active, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`,
          [request.principal!.companyId, name, parentId],
        );
        return row!;
      });
      return reply.status(201).send(location);
    },
  );
};
