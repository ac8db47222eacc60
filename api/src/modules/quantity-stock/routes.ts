import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers, listOrCsv } from '../../lib/csv.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { actorOf, seenColumns, sightOf } from '../items/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

// The same claims as the serialised equivalents: reception (items.receive + the Receive type),
// moving (items.process + the Move type, as a run of Move), counting (stock.count, a stock-take's),
// returning (items.process + the Return type). Read by whoever reads the model catalogue.
const READ = permit('items.view', 'reports.view', 'settings.manage', 'stock.count');
const PATH = '/api/product-models/:id/stock';

export const quantityStockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['quantity-stock'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', inWorkTransaction);
  const sight = (request: FastifyRequest) => sightOf(request.access!);

  app.get(
    PATH,
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'getQuantityStock',
        description:
          'A model tracked by quantity: what is on hand at each location and in all. 409 for a model tracked by unit.',
        params: IdParams,
        response: answers(S.QuantityStockSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getStock(q, request.params.id)),
  );

  app.get(
    `${PATH}/moves`,
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'listQuantityMoves',
        description:
          'The model’s ledger, newest first, keyset-paged (one location’s with locationId): each reception, sale, move, count, return and void with its change, what was left, who, when and why. Append-only. The cost only with items.cost.view. CSV: every row.',
        params: IdParams,
        querystring: S.QuantityMoveListQuery,
        response: csvAnswers(S.QuantityMovePage),
      },
    },
    async (request, reply) =>
      listOrCsv(app, request, reply, {
        filename: 'quantity-ledger',
        columns: () => seenColumns(columnsOf(S.QuantityMoveSchema), sight(request)),
        page: (q, at) => service.listMoves(q, request.params.id, { ...request.query, ...at }, sight(request)),
      }),
  );

  app.post(
    `${PATH}/receive`,
    {
      schema: {
        ...common,
        ...permit('items.receive'),
        operationId: 'receiveQuantity',
        description:
          'Receives a quantity of the model at a location (optionally with one unit’s cost: needs items.cost.view). Needs the Receive type’s claim, as a reception of items does.',
        params: IdParams,
        body: S.ReceiveQuantityBody,
        response: answers(S.QuantityStockSchema, 201),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await app.inCompany(request, (q) =>
            service.receive(q, actorOf(request), sight(request), request.params.id, request.body),
          ),
        ),
  );

  app.post(
    `${PATH}/move`,
    {
      schema: {
        ...common,
        ...permit('items.process'),
        operationId: 'moveQuantity',
        description:
          'Moves a quantity of the model from one location to another: two ledger rows sharing a transfer id. Never more than is there: 409 NOT_ENOUGH_STOCK, nothing written. Needs the Move type’s claim.',
        params: IdParams,
        body: S.MoveQuantityBody,
        response: answers(S.QuantityStockSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.move(q, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${PATH}/count`,
    {
      schema: {
        ...common,
        ...permit('stock.count'),
        operationId: 'countQuantity',
        description:
          'Sets what is on hand of the model at a location to what was counted; the difference goes on the ledger as a correction with the reason.',
        params: IdParams,
        body: S.CountQuantityBody,
        response: answers(S.QuantityStockSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.count(q, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/sales/:id/quantity-returns',
    {
      schema: {
        ...common,
        ...permit('items.process'),
        operationId: 'returnQuantityLine',
        description:
          'Returns units of a sale’s line of a model × quantity — all still out (the default) or `quantity` of them — to the location it was sold from, with the reason and the refund (at most their share of the line’s total, the default). A line all back is returned no more (409); more units than are out is a 400. An item’s line is returned by returning the item. Needs the Return type’s claim.',
        params: IdParams,
        body: S.ReturnQuantityLineBody,
        response: answers(S.QuantityStockSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) => service.returnLine(q, actorOf(request), request.params.id, request.body)),
  );
};
