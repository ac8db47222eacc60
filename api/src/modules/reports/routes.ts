import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit } from '../../access/index.js';
import { columnsOf, csvAnswers, sendCsv, wantsCsv } from '../../lib/csv.js';
import { answers, IdParams, KeysetPage } from '../../lib/schemas.js';
import { listOrExport } from '../../lib/list-export.js';
import { purchasePeople, trackingPeople, warrantyPeople } from './people-columns.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { seenColumns, sightOf } from '../items/index.js';

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['reports'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/reports/tracking',
    {
      schema: {
        ...common,
        ...permit('reports.view'),
        operationId: 'getTrackingReport',
        description:
          'Movements (item events) in [from, to) — default the last 30 days — filtered by transaction type, kind, user, location (left from or arrived at) and item type; keyset-paged, newest first unless sort=oldest. Exports (csv, xlsx for people; raw-csv): every matching event.',
        querystring: S.TrackingQuery,
        response: csvAnswers(KeysetPage(S.TrackingRowSchema, 'TrackingPage')),
      },
    },
    async (request, reply) =>
      listOrExport(app, request, reply, {
        filename: 'tracking',
        sheet: 'Tracking',
        raw: () => seenColumns(columnsOf(S.TrackingRowSchema), sightOf(request.access!)),
        people: trackingPeople,
        page: (q, at) => service.tracking(q, { ...request.query, ...at }, sightOf(request.access!)),
      }),
  );

  app.get(
    '/api/reports/warehouse-status',
    {
      schema: {
        ...common,
        ...permit('reports.view'),
        operationId: 'getWarehouseStatus',
        description:
          'Item counts per location × status and per item type × status (groups with no items left out). CSV: one row per count, `breakdown` saying which.',
        querystring: S.WarehouseStatusQuery,
        response: csvAnswers(S.WarehouseStatusSchema),
      },
    },
    async (request, reply) => {
      const { value, asOf } = await app.inCompanyAsOf(request, service.warehouseStatus);
      const report = { ...value, asOf: asOf.toISOString() };
      if (!wantsCsv(request)) return report;
      const rows = [
        ...report.byLocation.map((r) => ({ breakdown: 'location', id: r.locationId, name: r.locationName, ...r })),
        ...report.byItemType.map((r) => ({ breakdown: 'itemType', id: r.itemTypeId, name: r.itemTypeName, ...r })),
      ];
      return sendCsv(reply, 'warehouse-status', ['breakdown', 'id', 'name', 'status', 'items'], async () => ({
        items: rows,
      }));
    },
  );

  app.get(
    '/api/reports/inventory',
    {
      schema: {
        ...common,
        ...permit('reports.view'),
        operationId: 'getInventoryReport',
        description: `What the company holds (${S.HELD_STATUSES.join(', ')}; or one of them with status=), counted and valued at cost and at sale price, grouped by item type, brand, model or location. The value at cost (\`costValue\`, rows and totals, JSON and CSV) only for a caller with items.cost.view.`,
        querystring: S.InventoryQuery,
        response: csvAnswers(S.InventorySchema),
      },
    },
    async (request, reply) => {
      const sight = sightOf(request.access!);
      const { value, asOf } = await app.inCompanyAsOf(request, (q) => service.inventory(q, request.query, sight));
      const report = { ...value, asOf: asOf.toISOString() };
      if (!wantsCsv(request)) return report;
      const columns = seenColumns(columnsOf(S.InventoryRowSchema), sight);
      return sendCsv(reply, `inventory-by-${report.groupBy}`, columns, async () => report);
    },
  );

  app.get(
    '/api/reports/warranty',
    {
      schema: {
        ...common,
        ...permit('reports.view'),
        operationId: 'getWarrantyReport',
        description:
          'Items whose warranty ends within `within` days (default 30) or has ended (ended=0 leaves those out), with their customer (name and contact only for a caller with customers.view) and their latest warranty claim (claim= filters by its state); keyset-paged, soonest end first unless sort=ends_desc.',
        querystring: S.WarrantyQuery,
        response: csvAnswers(KeysetPage(S.WarrantyRowSchema, 'WarrantyPage')),
      },
    },
    async (request, reply) =>
      listOrExport(app, request, reply, {
        filename: 'warranty',
        sheet: 'Warranty',
        raw: () => seenColumns(columnsOf(S.WarrantyRowSchema), sightOf(request.access!)),
        people: warrantyPeople,
        page: (q, at) => service.warranty(q, { ...request.query, ...at }, sightOf(request.access!)),
      }),
  );

  app.get(
    '/api/customers/:id/history',
    {
      schema: {
        ...common,
        tags: ['customers'],
        ...permit('customers.view'),
        operationId: 'getCustomerHistory',
        description:
          'One customer’s purchases (one row per item bought, newest first, keyset-paged, with each item’s warranty state), latest returns and totals. Exports (csv, xlsx for people; raw-csv): every purchase.',
        params: IdParams,
        querystring: S.CustomerHistoryQuery,
        response: csvAnswers(S.CustomerHistorySchema),
      },
    },
    async (request, reply) =>
      listOrExport(app, request, reply, {
        filename: 'customer-purchases',
        sheet: 'Purchases',
        raw: columnsOf(S.PurchaseSchema),
        people: purchasePeople,
        page: (q, at) => service.customerHistory(q, request.params.id, at),
      }),
  );

  app.get(
    '/api/dashboard',
    {
      schema: {
        ...common,
        tags: ['dashboard'],
        ...permit('dashboard.view'),
        operationId: 'getDashboard',
        description:
          'The owner’s figures: stock held by location and by status, sales per day (30 days) and per week (12 weeks), items in process, warranties ending in 30 days, plan usage.',
        response: answers(S.DashboardSchema),
      },
    },
    async (request) => {
      const { value, asOf } = await app.inCompanyAsOf(request, service.dashboard);
      return { ...value, asOf: asOf.toISOString() };
    },
  );
};
