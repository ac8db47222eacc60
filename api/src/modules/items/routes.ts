import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers, sendCsv, wantsCsv } from '../../lib/csv.js';
import { answers, FormatQuery, IdParams, KeysetPage } from '../../lib/schemas.js';
import { Type } from '@sinclair/typebox';
import { IdempotencyHeaders, once } from '../idempotency/index.js';
import * as S from './schemas.js';
import { actorOf } from './actor.js';
import * as service from './service.js';
import { sendItemExport } from './export.js';
import { exportFormat } from '../../lib/list-export.js';
import { sightOf } from './sight.js';

/** 10,000 serials of up to 100 characters, JSON-quoted, with room for the other fields. */
export const RECEIVE_BODY_LIMIT = 2 * 1024 * 1024;

export const itemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['items'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);

  app.post(
    '/api/items/receive',
    {
      bodyLimit: RECEIVE_BODY_LIMIT,
      schema: {
        ...common,
        ...permit('items.receive'),
        operationId: 'receiveItems',
        description: `Creates up to ${S.MAX_RECEIVE.toLocaleString('en')} items in stock at a location, one "receive" event each, all or nothing (this route takes bodies up to 2 MB). A serial twice in the batch or already in use: 409 listing them, nothing created. Needs the Receive transaction type's claim; a cost needs items.cost.view (403). With an Idempotency-Key, a resend answers the first reception (header Idempotent-Replayed: true) and creates nothing again.`,
        headers: IdempotencyHeaders,
        body: S.ReceiveBody,
        response: answers(S.ItemsAnswer, 201),
      },
    },
    async (request, reply) => {
      const answer = await app.inCompany(request, (q) =>
        once(q, request, 201, async () => ({ items: await service.receive(q, actorOf(request), request.body) })),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/items',
    {
      schema: {
        ...common,
        ...permit('items.view', 'reports.view'),
        operationId: 'listItems',
        description:
          'Items, filtered and keyset-paged (never OFFSET): pass nextCursor back as cursor with the same filters and sort. format=csv or xlsx: every matching item for people (lang, timeZone); format=raw-csv: every matching item in the columns POST /api/imports/items reads.',
        querystring: S.ItemListQuery,
        response: csvAnswers(KeysetPage(S.ItemSchema, 'ItemPage'), {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
            schema: Type.String({ format: 'binary', description: 'format=xlsx: one sheet, typed cells.' }),
          },
        }),
      },
    },
    async (request, reply) => {
      const format = exportFormat(request);
      if (format === 'json')
        return app.inCompany(request, (q) => service.list(q, request.query, sightOf(request.access!)));
      // The caller's claims are known once a transaction has checked them: the first read does.
      return sendItemExport(
        reply,
        format,
        request.query,
        () => sightOf(request.access!),
        (fn) => app.inCompany(request, fn),
      );
    },
  );

  app.get(
    '/api/items/by-serial/:serial',
    {
      schema: {
        ...common,
        ...permit('items.view', 'reports.view', 'items.sell'),
        operationId: 'getItemBySerial',
        description: 'The item with this serial (trimmed, any case).',
        params: S.SerialParams,
        response: answers(S.ItemSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.bySerial(q, request.params.serial, sightOf(request.access!))),
  );

  app.get(
    '/api/items/:id',
    {
      schema: {
        ...common,
        ...permit('items.view', 'reports.view', 'items.sell'),
        operationId: 'getItem',
        params: IdParams,
        response: answers(S.ItemSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.get(q, request.params.id, sightOf(request.access!))),
  );

  app.patch(
    '/api/items/:id',
    {
      schema: {
        ...common,
        ...permit('items.edit'),
        operationId: 'updateItem',
        description:
          'Corrects master data. `version` must be the one read (409 STALE_VERSION otherwise); the change is recorded as an "edit" event with {field: [before, after]}. Sending `cost` needs items.cost.view (403).',
        params: IdParams,
        body: S.PatchItemBody,
        response: answers(S.ItemSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.patch(q, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/items/:id/history',
    {
      schema: {
        ...common,
        ...permit('items.view', 'reports.view'),
        operationId: 'getItemHistory',
        description: 'Every event of the item, oldest first (append-only). CSV: the same events.',
        params: IdParams,
        querystring: Type.Object({ ...FormatQuery }, { additionalProperties: false }),
        response: csvAnswers(S.HistoryAnswer),
      },
    },
    async (request, reply) => {
      const history = await app.inCompany(request, (q) =>
        service.history(q, request.params.id, sightOf(request.access!)),
      );
      if (!wantsCsv(request)) return history;
      return sendCsv(reply, 'item-history', columnsOf(S.ItemEventSchema), async () => ({ items: history.events }));
    },
  );

  app.post(
    '/api/transactions',
    {
      schema: {
        ...common,
        tags: ['transactions'],
        ...permit('items.process'),
        operationId: 'runTransaction',
        description:
          'Applies a process, move, status-change, return or scrap type to items (by id or serial), all or nothing. Needs the type’s claim (403). A refused item: 409 naming each serial and why (`refusals`), nothing written.',
        body: S.TransactionBody,
        response: answers(S.EventsAnswer, 201),
      },
    },
    async (request, reply) => {
      const result = await app.inCompany(request, (q) => service.transact(q, actorOf(request), request.body));
      return reply.status(201).send(result);
    },
  );
};
