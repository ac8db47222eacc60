import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit } from '../../access/index.js';
import { columnsOf, csvAnswers, EXPORT_BATCH } from '../../lib/csv.js';
import { exportFormat, readerOf, sendExport } from '../../lib/list-export.js';
import { KeysetPage } from '../../lib/schemas.js';
import { auditPeople } from './people-columns.js';
import * as S from './schemas.js';
import { auditLog } from './service.js';

/** A snapshot as one cell of a file: its JSON text (a sheet has no cell for an object). */
const asText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/audit-log',
    {
      schema: {
        tags: ['audit-log'],
        security: [{ bearer: [] }],
        // Who manages the settings reads what was done to them: among the built-in roles the
        // Company Owner and the Admin (docs/domain-audit-log.md says why this claim).
        ...permit('settings.manage'),
        operationId: 'getAuditLog',
        description:
          'Changes to the company’s settings — who, what, when, the values before and after — newest first, keyset-paged; filtered by who (actorId), what kind (entity) and [from, to). Append-only. Exports (csv, xlsx for people; raw-csv): every matching change.',
        querystring: S.AuditQuery,
        response: csvAnswers(KeysetPage(S.AuditRowSchema, 'AuditPage')),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (format === 'json') return app.inCompany(request, (q) => auditLog(q, request.query));
      const reader = readerOf(request.query);
      return sendExport(reply, format, {
        filename: 'audit-log',
        sheet: 'Audit log',
        reader,
        people: () => auditPeople(reader.language),
        raw: columnsOf(S.AuditRowSchema),
        read: async (cursor) => {
          const page = await app.inCompany(request, (q) =>
            auditLog(q, { ...request.query, cursor: cursor ?? request.query.cursor, limit: EXPORT_BATCH }),
          );
          return {
            ...page,
            items: page.items.map((r) => ({ ...r, before: asText(r.before), after: asText(r.after) })),
          };
        },
      });
    },
  );
};
