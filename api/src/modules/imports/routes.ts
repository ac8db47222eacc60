import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { permit } from '../../access/index.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { assertMayRun, findBuiltInTypeForImport } from './access.js';
import { assertMaySetCost, sightOf } from '../items/index.js';
import { decodeCsv, readCsv, refusedFile } from './csv.js';
import { failAbandoned, findJob, insertJob, recentJobs } from './queries.js';
import { LEASE_STALE_SECONDS, runItemImport } from './runner.js';
import * as S from './schemas.js';
import { ITEM_COLUMNS, validateItemRows } from './validate.js';

/** 415 naming what was sent; a form upload (curl -F, a browser form) gets the way to send the file. */
function notCsv(contentType: string | undefined): ApiError {
  const type = contentType?.split(';')[0]?.trim().toLowerCase().slice(0, 100);
  const sent = type ? `This was ${type}` : 'This request had no Content-Type';
  const hint = type === 'multipart/form-data' ? ', not as a form field (curl: --data-binary @file.csv, not -F)' : '';
  return new ApiError(
    415,
    `${sent}: send the CSV file itself as the body${hint}, with Content-Type: text/csv.`,
    'UNSUPPORTED_MEDIA_TYPE',
  );
}

/** Under the gateway's 16 MB, with room for the headers: 100,000 rows of ~150 bytes. */
export const IMPORT_BODY_LIMIT = 15 * 1024 * 1024;

export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['imports'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  // Any other body (a form upload, application/csv, octet-stream…) is read and dropped, so the
  // route can say what it takes instead of Fastify's bare "Unsupported Media Type".
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT }, (_req, _body, done) =>
    done(null, undefined),
  );

  // Jobs of processes that died end failed: at start (PGlite: this process is the only one, so
  // every lease is dead) and, with replicas, whenever a lease goes stale.
  const running = new Set<Promise<void>>();
  app.addHook('onReady', async () => {
    await failAbandoned(app.db, app.db.kind === 'pglite' ? null : LEASE_STALE_SECONDS);
  });
  if (app.db.kind === 'postgres') {
    const sweep = setInterval(
      () => failAbandoned(app.db, LEASE_STALE_SECONDS).catch((e: unknown) => app.log.warn({ err: e }, 'import sweep')),
      LEASE_STALE_SECONDS * 1000,
    ).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  app.addHook('preClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.post(
    '/api/imports/items',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...common,
        ...permit('items.receive'),
        operationId: 'importItems',
        description: S.IMPORT_DESCRIPTION,
        consumes: ['text/csv'],
        querystring: S.ImportQuery,
        // No type: the parser hands over the file's bytes (a Buffer), which a `string` schema would refuse.
        body: Type.Unsafe<string>({ description: 'The CSV file itself (text/csv, UTF-8).' }),
        response: answers(S.ImportJobSchema, 202),
      },
    },
    async (request, reply) => {
      const { companyId, userId } = request.principal!;
      const actor = { companyId, userId, access: request.access! };
      const type = await app.inCompany(request, (q) => findBuiltInTypeForImport(q));
      assertMayRun(actor, type);
      if (!Buffer.isBuffer(request.body)) throw notCsv(request.headers['content-type']);
      const rows = await readCsv(decodeCsv(request.body), ITEM_COLUMNS);
      const { items, errors } = await validateItemRows((fn) => app.inCompany(request, fn), rows);
      if (errors.length) throw refusedFile(errors, 'Nothing was imported');
      // A file that records costs needs the cost claim, as a reception by hand does.
      assertMaySetCost(sightOf(actor.access), items.find((i) => i.cost !== null)?.cost ?? undefined);
      const id = await app.inCompany(request, (q) =>
        insertJob(q, companyId, userId, items.length, request.query.fileName ?? null),
      );
      const job = runItemImport(
        app.db,
        app.log,
        actor,
        id,
        items,
        rows.map((r) => r.line),
      ).finally(() => running.delete(job));
      running.add(job);
      const answer = await app.inCompany(request, (q) => findJob(q, id));
      return reply.status(202).header('location', `/api/imports/${id}`).send(answer!);
    },
  );

  app.get(
    '/api/imports',
    {
      schema: {
        ...common,
        ...permit('items.receive'),
        operationId: 'listImports',
        description: 'The company’s 20 newest imports, newest first (a reloaded page finds its running job here).',
        response: answers(S.ImportList),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const items = await recentJobs(q, 20);
        return { items, total: items.length };
      }),
  );

  app.get(
    '/api/imports/:id',
    {
      schema: {
        ...common,
        ...permit('items.receive'),
        operationId: 'getImport',
        description: 'An import job: status, rows done and percent; a failed one says why (and which rows).',
        params: IdParams,
        response: answers(S.ImportJobSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const job = await findJob(q, request.params.id);
        if (!job) throw notFound('Import not found.');
        return job;
      }),
  );
};
