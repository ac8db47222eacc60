import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers, sendCsv, wantsCsv, EXPORT_BATCH } from '../../lib/csv.js';
import { answers, FormatQuery, IdParams } from '../../lib/schemas.js';
import { IdempotencyHeaders, once } from '../idempotency/index.js';
import { actorOf } from '../items/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

// Reading counts is for who counts and who reads reports; everything that changes one is stock.count's.
const READ = permit('stock.count', 'reports.view');
const COUNT = permit('stock.count');

export const stocktakeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['stocktakes'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '/api/stocktakes',
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'listStocktakes',
        description:
          'Every count, newest first, with what was scanned and — once closed — how many items were found, missing and unexpected. CSV: the same rows.',
        querystring: Type.Object({ ...FormatQuery }, { additionalProperties: false }),
        response: csvAnswers(S.StocktakeList),
      },
    },
    async (request, reply) => {
      const list = await app.inCompany(request, (q) => service.listStocktakes(q));
      if (!wantsCsv(request)) return list;
      return sendCsv(reply, 'stocktakes', columnsOf(S.StocktakeSchema), async () => ({ items: list.items }));
    },
  );

  app.post(
    '/api/stocktakes',
    {
      schema: {
        ...common,
        ...COUNT,
        operationId: 'openStocktake',
        description:
          'Opens a count of a location (or, with no locationId, of every location), counting at once. One count in progress per location (409 CONFLICT).',
        body: S.OpenStocktakeBody,
        response: answers(S.StocktakeDetail, 201),
      },
    },
    async (request, reply) => {
      const opened = await app.inCompany(request, (q) => service.openStocktake(q, actorOf(request), request.body));
      return reply.status(201).send(opened);
    },
  );

  app.get(
    '/api/stocktakes/:id',
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'getStocktake',
        description: 'A count with its totals and the last serials scanned.',
        params: IdParams,
        response: answers(S.StocktakeDetail),
      },
    },
    (request) => app.inCompany(request, (q) => service.getStocktake(q, request.params.id)),
  );

  app.post(
    '/api/stocktakes/:id/scans',
    {
      schema: {
        ...common,
        ...COUNT,
        operationId: 'scanStocktake',
        description:
          'Records a serial as seen. Several people scan at once; a serial counts once however often it is scanned (repeated: true). With an Idempotency-Key (one per scan), a resend answers the first scan. Answers what the serial is for this count: found, elsewhere (with where it is recorded), sold or unknown. 409 STOCKTAKE_STATE when the count is paused or closed.',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: S.ScanBody,
        response: answers(S.ScanAnswer),
      },
    },
    async (request, reply) => {
      const answer = await app.inCompany(request, (q) =>
        once(q, request, 200, () => service.scan(q, actorOf(request), request.params.id, request.body)),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  const stepSchema = (operationId: string, description: string) => ({
    schema: { ...common, ...COUNT, operationId, description, params: IdParams, response: answers(S.StocktakeDetail) },
  });
  app.post(
    '/api/stocktakes/:id/pause',
    stepSchema(
      'pauseStocktake',
      'Pauses a count: scans are refused until it is resumed; those made stay. 409 STOCKTAKE_STATE unless counting.',
    ),
    (request) => app.inCompany(request, (q) => service.pauseOrResume(q, actorOf(request), request.params.id, 'paused')),
  );
  app.post(
    '/api/stocktakes/:id/resume',
    stepSchema('resumeStocktake', 'Resumes a paused count. 409 STOCKTAKE_STATE unless paused.'),
    (request) =>
      app.inCompany(request, (q) => service.pauseOrResume(q, actorOf(request), request.params.id, 'counting')),
  );
  app.post(
    '/api/stocktakes/:id/close',
    stepSchema(
      'closeStocktake',
      'Ends the scanning and freezes the variance as things stand: found, missing (expected here, not scanned) and unexpected (elsewhere, sold, unknown). 409 STOCKTAKE_STATE once closed.',
    ),
    (request) => app.inCompany(request, (q) => service.close(q, actorOf(request), request.params.id)),
  );
  app.post(
    '/api/stocktakes/:id/apply',
    {
      schema: {
        ...common,
        ...COUNT,
        operationId: 'applyStocktake',
        description:
          'Applies a closed count: missing items become lost, misplaced ones move to the counted location (a lost one back in stock), each a "stocktake" event on the item’s history naming the count. Items changed since closing are skipped. 409 STOCKTAKE_STATE unless closed.',
        params: IdParams,
        response: answers(S.ApplyAnswer),
      },
    },
    (request) => app.inCompany(request, (q) => service.apply(q, actorOf(request), request.params.id)),
  );

  app.get(
    '/api/stocktakes/:id/variance',
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'getStocktakeVariance',
        description:
          'A closed count’s variance, line by line (by outcome, then serial), one outcome or all. CSV: every line. 409 STOCKTAKE_STATE before closing.',
        params: IdParams,
        querystring: S.VarianceQuery,
        response: csvAnswers(S.VariancePage),
      },
    },
    async (request, reply) => {
      const page = (cursor: string | undefined, limit: number | undefined) =>
        app.inCompany(request, (q) =>
          service.variance(q, request.params.id, { outcome: request.query.outcome, cursor, limit }),
        );
      if (!wantsCsv(request)) return page(request.query.cursor, request.query.limit);
      return sendCsv(reply, 'stocktake-variance', columnsOf(S.VarianceLine), (cursor) =>
        page(cursor ?? request.query.cursor, EXPORT_BATCH),
      );
    },
  );
};
