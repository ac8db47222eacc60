import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { permit } from '../../access/index.js';
import { columnsOf, csvAnswers } from '../../lib/csv.js';
import { answers, IdParams, KeysetPage } from '../../lib/schemas.js';
import { listOrExport, reportOrExport } from '../../lib/list-export.js';
import { word } from '../../lib/item-words.js';
import { inventoryPeople, purchasePeople, trackingPeople, warehousePeople, warrantyPeople } from './people-columns.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { ITEM_FIELDS, seenColumns, sightOf } from '../items/index.js';

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
          'Movements (item events) in [from, to) — default the last 30 days — filtered by transaction type, kind, user, location (left from or arrived at) and item type; keyset-paged, newest first unless sort=oldest. Exports (csv, xlsx for people, with one column per custom field of the item; raw-csv): every matching event.',
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
        fields: ITEM_FIELDS,
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
          'Item counts per location × status and per item type × status (groups with no items left out). Exports: one row per count, saying per what — for people (csv, xlsx) in their words; raw-csv with `breakdown` (location, itemType) and ids.',
        querystring: S.WarehouseStatusQuery,
        response: csvAnswers(S.WarehouseStatusSchema),
      },
    },
    async (request, reply) =>
      reportOrExport(app, request, reply, {
        filename: 'warehouse-status',
        sheet: 'Warehouse status',
        raw: ['breakdown', 'id', 'name', 'status', 'items'],
        people: warehousePeople,
        report: service.warehouseStatus,
        fromReplica: true,
        rows: (report) => [
          ...report.byLocation.map((r) => ({ breakdown: 'location', id: r.locationId, name: r.locationName, ...r })),
          ...report.byItemType.map((r) => ({ breakdown: 'itemType', id: r.itemTypeId, name: r.itemTypeName, ...r })),
        ],
      }),
  );

  app.get(
    '/api/reports/inventory',
    {
      schema: {
        ...common,
        ...permit('reports.view'),
        operationId: 'getInventoryReport',
        description: `What the company holds (${S.HELD_STATUSES.join(', ')}; or one of them with status=), counted and valued at cost and at sale price, grouped by item type, brand, model or location. The value at cost (\`costValue\`, rows and totals, JSON and every export) only for a caller with items.cost.view. Exports for people (csv, xlsx) name the groups in their words and end with the totals; raw-csv has the rows only.`,
        querystring: S.InventoryQuery,
        response: csvAnswers(S.InventorySchema),
      },
    },
    async (request, reply) => {
      const sight = sightOf(request.access!);
      const groupBy = request.query.groupBy ?? 'itemType';
      return reportOrExport(app, request, reply, {
        filename: `inventory-by-${groupBy}`,
        sheet: 'Inventory',
        raw: seenColumns(columnsOf(S.InventoryRowSchema), sight),
        people: inventoryPeople(groupBy),
        report: (q) => service.inventory(q, request.query, sight),
        fromReplica: true,
        // For people: a group with no name says so, and the totals close the table as on screen.
        rows: (report, language) =>
          language
            ? [
                ...report.items.map((row) => ({ ...row, name: row.name ?? word(language, 'export', 'noneSet') })),
                { key: null, ...report.totals, name: word(language, 'export', 'total') },
              ]
            : report.items,
      });
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
          'Items whose warranty ends within `within` days (default 30) or has ended (ended=0 leaves those out), with their customer (name and contact only for a caller with customers.view) and their latest warranty claim (claim= filters by its state); keyset-paged, soonest end first unless sort=ends_desc. Exports (csv, xlsx for people, with one column per custom field; raw-csv): every matching item.',
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
        fields: ITEM_FIELDS,
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
          'One customer’s purchases (one row per item bought, newest first, keyset-paged, with each item’s warranty state), latest returns and totals. Exports (csv, xlsx for people, with one column per custom field of the item; raw-csv): every purchase.',
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
        fields: ITEM_FIELDS,
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
