import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers } from '../../lib/csv.js';
import { listOrExport, type PeopleColumn } from '../../lib/list-export.js';
import { word, type Language } from '../../lib/item-words.js';
import { answers, ErrorResponse, IdParams } from '../../lib/schemas.js';
import { PURCHASE_ORDER_STATUSES } from '../../vocabulary.js';
import { IdempotencyHeaders, once } from '../idempotency/index.js';
import { actorOf, RECEIVE_BODY_LIMIT } from '../items/index.js';
import { deliver } from '../mail/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

// Orders are written, sent and cancelled by who buys the stock (purchasing.manage). Who receives
// (items.receive) reads them too: reception picks an open order and sees what is still due.
const READ = permit('purchasing.manage', 'items.receive');
const MANAGE = permit('purchasing.manage');
const PATH = '/api/purchase-orders';

const more = (l: Language, key: string) => word(l, 'export', key);
const orderPeople = (l: Language): PeopleColumn[] => [
  { key: 'reference', header: more(l, 'purchaseOrder'), type: 'text' },
  { key: 'vendorName', header: word(l, 'item', 'vendor'), type: 'text' },
  {
    key: 'status',
    header: more(l, 'orderStatus'),
    type: 'text',
    words: Object.fromEntries(PURCHASE_ORDER_STATUSES.map((s) => [s, more(l, `po_${s}`)])),
  },
  { key: 'quantity', header: more(l, 'quantityOrdered'), type: 'integer' },
  { key: 'received', header: more(l, 'quantityReceived'), type: 'integer' },
  { key: 'total', header: more(l, 'total'), type: 'money' },
  { key: 'createdAt', header: more(l, 'createdAt'), type: 'datetime' },
  { key: 'sentAt', header: more(l, 'sentAt'), type: 'datetime' },
  { key: 'note', header: more(l, 'note'), type: 'text' },
];

export const purchaseOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['purchase-orders'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', inWorkTransaction);
  const costColumns = (request: FastifyRequest) => (service.seesCost(request.access!) ? [] : ['total']);

  app.get(
    PATH,
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'listPurchaseOrders',
        description:
          'Purchase orders, newest (highest number) first, keyset-paged; by status (open: sent or partly received) and vendor. Exports (csv, xlsx for people; raw-csv): every match. Totals only for a caller with items.cost.view or purchasing.manage.',
        querystring: S.PurchaseOrderListQuery,
        response: csvAnswers(S.PurchaseOrderPage),
      },
    },
    async (request, reply) =>
      listOrExport(app, request, reply, {
        filename: 'purchase-orders',
        sheet: 'Purchase orders',
        raw: () => columnsOf(S.PurchaseOrderSummarySchema).filter((c) => !costColumns(request).includes(c as string)),
        people: (l) => orderPeople(l).filter((c) => !costColumns(request).includes(c.key)),
        page: (q, at) => service.listOrders(q, { ...request.query, ...at }, request.access!),
      }),
  );

  app.post(
    PATH,
    {
      schema: {
        ...common,
        ...MANAGE,
        operationId: 'createPurchaseOrder',
        description:
          'A draft order to a vendor, numbered next in the company (PO-0001…): one line per product model (not archived) with its quantity and unit cost (left out: the model’s cost).',
        body: S.CreatePurchaseOrderBody,
        response: answers(S.PurchaseOrderSchema, 201),
      },
    },
    async (request, reply) => {
      const order = await app.inCompany(request, (q) => service.createOrder(q, actorOf(request), request.body));
      return reply.status(201).send(order);
    },
  );

  app.get(
    `${PATH}/:id`,
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'getPurchaseOrder',
        description: 'An order with its lines: ordered, received and still due per model.',
        params: IdParams,
        response: answers(S.PurchaseOrderSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getOrder(q, request.params.id, request.access!)),
  );

  app.put(
    `${PATH}/:id`,
    {
      schema: {
        ...common,
        ...MANAGE,
        operationId: 'updatePurchaseOrder',
        description:
          'Changes a draft: the fields given (lines: the whole set). Once sent the order is what the vendor has: 409 PURCHASE_ORDER_STATUS.',
        params: IdParams,
        body: S.UpdatePurchaseOrderBody,
        response: answers(S.PurchaseOrderSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) => service.updateOrder(q, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${PATH}/:id/send`,
    {
      schema: {
        ...common,
        ...MANAGE,
        operationId: 'sendPurchaseOrder',
        description:
          'Sends a draft: mails it to the vendor’s email with the order as a PDF attached, and marks it sent. A vendor without an email: 400; an order not a draft: 409 PURCHASE_ORDER_STATUS.',
        params: IdParams,
        body: Type.Optional(S.SendPurchaseOrderBody),
        response: answers(S.PurchaseOrderSchema),
      },
    },
    async (request) => {
      const { order, mail } = await app.inCompany(request, (q) =>
        service.sendOrder(q, app.objects, actorOf(request), request.params.id, request.body?.lang ?? 'en'),
      );
      // Mailed once the order is committed as sent: a failed commit never leaves a vendor with an order.
      await deliver(app.mailer, mail, request.log, 'purchase order');
      return order;
    },
  );

  app.get(
    `${PATH}/:id/order.pdf`,
    {
      schema: {
        ...common,
        ...MANAGE,
        operationId: 'getPurchaseOrderPdf',
        description: 'The order as the vendor gets it, as a PDF (a draft: what "send" will mail).',
        params: IdParams,
        querystring: S.PdfQuery,
        response: {
          200: {
            description: 'The order.',
            content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
          },
          '4xx': ErrorResponse,
          '5xx': ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const pdf = await app.inCompany(request, (q) =>
        service.orderDocument(
          q,
          app.objects,
          request.principal!.companyId,
          request.params.id,
          request.query.lang ?? 'en',
        ),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="purchase-order-${request.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never); // bytes as they are: the JSON serializer never sees a Buffer
    },
  );

  app.post(
    `${PATH}/:id/cancel`,
    {
      schema: {
        ...common,
        ...MANAGE,
        operationId: 'cancelPurchaseOrder',
        description:
          'Cancels an order not all in (a draft, a sent one, or one partly received: the rest will not come). Received items stay. A received or cancelled one: 409.',
        params: IdParams,
        response: answers(S.PurchaseOrderSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) => service.cancelOrder(q, actorOf(request), request.params.id, request.access!)),
  );

  app.post(
    `${PATH}/:id/receive`,
    {
      bodyLimit: RECEIVE_BODY_LIMIT,
      schema: {
        ...common,
        ...permit('items.receive'),
        operationId: 'receiveAgainstPurchaseOrder',
        description:
          'Receives against a line of an open order (sent or partly received). A model tracked by unit: serials — new items in stock of the line’s model, at its unit cost, from the order’s vendor, each receive event naming the order; otherwise as POST /api/items/receive (serial conflicts). A model tracked by quantity: quantity (no serials or item details: 400) — added at the location, a receive row on the model’s ledger naming the order at the line’s unit cost; the answer’s stock is the model’s stock. More than the line still has due: 409 PURCHASE_ORDER_OVER_RECEIVED, nothing received. The last one due makes the order received. The Receive transaction type’s claim; Idempotency-Key.',
        headers: IdempotencyHeaders,
        params: IdParams,
        body: S.ReceiveAgainstBody,
        response: answers(S.ReceiveAgainstAnswer, 201),
      },
    },
    async (request, reply) => {
      const answer = await app.inCompany(request, (q) =>
        once(q, request, 201, () => service.receiveAgainst(q, actorOf(request), request.params.id, request.body)),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    },
  );
};
