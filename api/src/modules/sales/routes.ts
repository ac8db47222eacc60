import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers, listOrCsv } from '../../lib/csv.js';
import { Type } from '@sinclair/typebox';
import { answers, ErrorResponse, IdParams, KeysetPage } from '../../lib/schemas.js';
import { IdempotencyHeaders, once } from '../idempotency/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

export const saleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['sales'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);

  app.post(
    '/api/sales',
    {
      schema: {
        ...common,
        ...permit('items.sell'),
        operationId: 'createSale',
        description:
          'Sells items (a rapid sell is one line), all or nothing: each must be in a status the Sell type accepts (409 naming each serial otherwise). Starts each warranty (sold time + warranty months). Needs the Sell type’s claim. With an Idempotency-Key, a resend answers the first sale (header Idempotent-Replayed: true) and sells nothing again.',
        headers: IdempotencyHeaders,
        body: S.CreateSaleBody,
        response: answers(S.SaleSchema, 201),
      },
    },
    async (request, reply) => {
      // Every statement of a sale finds its rows by key (ids, serials, the idempotency key): its
      // generic plans are as good as any, and PostgreSQL would otherwise re-plan the lock and the write.
      const answer = await app.inCompany(
        request,
        (q) =>
          once(q, request, 201, () =>
            service.createSale(
              q,
              { companyId: request.principal!.companyId, userId: request.principal!.userId, access: request.access! },
              request.body,
            ),
          ),
        'generic',
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/sales',
    {
      schema: {
        ...common,
        ...permit('items.sell', 'reports.view', 'customers.view'),
        operationId: 'listSales',
        description: 'Sales, keyset-paged. CSV: every matching sale (its summary line).',
        querystring: S.SaleListQuery,
        response: csvAnswers(KeysetPage(S.SaleSummarySchema, 'SalePage')),
      },
    },
    async (request, reply) =>
      listOrCsv(app, request, reply, {
        filename: 'sales',
        columns: columnsOf(S.SaleSummarySchema),
        page: (q, at) => service.listSales(q, { ...request.query, ...at }),
      }),
  );

  app.get(
    '/api/sales/:id',
    {
      schema: {
        ...common,
        ...permit('items.sell', 'reports.view', 'customers.view'),
        operationId: 'getSale',
        params: IdParams,
        response: answers(S.SaleSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getSale(q, request.params.id)),
  );

  app.get(
    '/api/sales/:id/receipt.pdf',
    {
      schema: {
        ...common,
        ...permit('items.sell', 'reports.view', 'customers.view'),
        operationId: 'getSaleReceiptPdf',
        description:
          'The sale’s receipt as a PDF: the company’s name, address, tax number and logo, each line’s serial and item, price, discount, tax and total in the sale’s currency. Whoever may read the sale may print it.',
        params: IdParams,
        querystring: S.ReceiptQuery,
        response: {
          200: {
            description: 'The receipt.',
            content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
          },
          '4xx': ErrorResponse,
          '5xx': ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const pdf = await app.inCompany(request, (q) =>
        service.saleReceipt(q, app.objects, request.principal!.companyId, request.params.id, request.query),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="receipt-${request.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never); // bytes as they are: the JSON serializer never sees a Buffer
    },
  );

  app.post(
    '/api/sales/:id/void',
    {
      schema: {
        ...common,
        ...permit('sales.void'),
        operationId: 'voidSale',
        description:
          'Cancels a sale made by mistake on the day it was made (UTC day; 409 SALE_NOT_TODAY after it — return its items instead). Each item goes back to the status it had before the sale, with a "void" event naming the sale and the reason; an item returned or sold again since: 409 naming it, nothing written. The sale keeps its number, is marked void and leaves the day’s sales count.',
        params: IdParams,
        body: S.VoidSaleBody,
        response: answers(S.SaleSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) =>
        service.voidSale(
          q,
          { companyId: request.principal!.companyId, userId: request.principal!.userId, access: request.access! },
          request.params.id,
          request.body,
        ),
      ),
  );
};
