import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { settingsChanged } from '../events/index.js';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { permit, SELF } from '../../access/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { answers, IdParams, OneLine } from '../../lib/schemas.js';
import { isOwnLogoPath } from '../storage/index.js';

const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);

export const CompanySchema = Type.Object(
  {
    id: Type.String(),
    companyName: Type.String(),
    logoPath: Nullable(Type.String()),
    industry: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { title: 'Company' },
);

export const UpdateCompanyBody = Type.Object(
  {
    companyName: Type.Optional(OneLine({ minLength: 1, maxLength: 200 })),
    industry: Type.Optional(Nullable(OneLine({ maxLength: 100 }))),
    phone: Type.Optional(Nullable(OneLine({ maxLength: 40 }))),
    logoPath: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
  },
  { additionalProperties: false, minProperties: 1, title: 'UpdateCompanyRequest' },
);

const SELECT = `SELECT id, company_name AS "companyName", logo_path AS "logoPath", industry, phone,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt" FROM companies`;

type Company = {
  id: string;
  companyName: string;
  logoPath: string | null;
  industry: string | null;
  phone: string | null;
  createdAt: string;
};

/** Row-level security shows only the caller's company; another company's id reads as not found. */
async function getCompany(q: Queryable, id: string): Promise<Company> {
  const [row] = await q.query<Company>(`${SELECT} WHERE id = $1`, [id]);
  if (!row) throw notFound('Company not found.');
  return row;
}

export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['company'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/company',
    {
      schema: {
        ...common,
        operationId: 'getMyCompany',
        ...SELF,
        description: 'The caller’s company (tenants only ever see their own).',
        response: answers(CompanySchema),
      },
    },
    (request) => app.inCompany(request, (q) => getCompany(q, request.principal!.companyId)),
  );

  app.get(
    '/api/company/:id',
    { schema: { ...common, operationId: 'getCompany', ...SELF, params: IdParams, response: answers(CompanySchema) } },
    (request) => app.inCompany(request, (q) => getCompany(q, request.params.id)),
  );

  app.put(
    '/api/company/:id',
    {
      schema: {
        ...common,
        operationId: 'updateCompany',
        ...permit('settings.manage'),
        params: IdParams,
        body: UpdateCompanyBody,
        response: answers(CompanySchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        await getCompany(q, request.params.id); // another tenant's id is simply not found
        const b = request.body;
        if (b.logoPath && !isOwnLogoPath(request.params.id, b.logoPath)) {
          throw badRequest(
            'logoPath: must be a path in your company’s folder of the company-logos bucket.',
            'logoPath',
          );
        }
        const sets: string[] = [];
        const values: unknown[] = [request.params.id];
        const set = (column: string, value: unknown) => {
          values.push(value);
          sets.push(`${column} = $${values.length}`);
        };
        if (b.companyName !== undefined) set('company_name', b.companyName.trim());
        if (b.industry !== undefined) set('industry', b.industry);
        if (b.phone !== undefined) set('phone', b.phone);
        if (b.logoPath !== undefined) set('logo_path', b.logoPath || null);
        await q.query(`UPDATE companies SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
        await settingsChanged(q, request.params.id, '/api/company', request.params.id);
        return getCompany(q, request.params.id);
      }),
  );
};
