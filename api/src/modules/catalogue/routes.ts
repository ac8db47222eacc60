import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { permit, inWorkTransaction } from '../../access/index.js';
import type { Permission } from '../../vocabulary.js';
import { columnsOf, csvAnswers, listOrCsv } from '../../lib/csv.js';
import { answers, FormatQuery, IdParams, KeysetPage, SimplePage } from '../../lib/schemas.js';

const ListQuery = Type.Object({ ...FormatQuery }, { additionalProperties: false });
import * as S from './schemas.js';
import * as service from './service.js';
import { settingsChanged } from '../events/index.js';
import { recordAudit } from '../audit/index.js';
import type { AuditEntity } from '../../vocabulary.js';

/** Who reads the catalogue: anyone who works with items, and the settings managers. */
const READ: [Permission, ...Permission[]] = ['items.view', 'reports.view', 'settings.manage'];
const WRITE: [Permission, ...Permission[]] = ['settings.manage'];

interface Resource {
  path: string;
  tag: string;
  /** Operation names: list<Plural>, get/create/update/delete<Singular>. */
  singular: string;
  plural: string;
  schema: TSchema;
  createBody: TSchema;
  updateBody: TSchema;
  read: [Permission, ...Permission[]];
  write: [Permission, ...Permission[]];
  /** Who may create one, when more may than may edit or delete (default: write). */
  create?: [Permission, ...Permission[]];
  /** false: the list is paged by its own route. */
  list: ((q: Queryable) => Promise<unknown[]>) | false;
  get: (q: Queryable, id: string) => Promise<unknown>;
  save: (q: Queryable, companyId: string, id: string | null, body: never) => Promise<unknown>;
  remove: (q: Queryable, id: string) => Promise<void>;
  deleteNote: string;
  /** A setting: its changes go to the audit log under this kind (customers are business data, not settings). */
  audit?: AuditEntity;
}

/** A catalogue row's name, for the audit log. */
const nameOf = (row: unknown) => ((row as { name?: unknown }).name as string | undefined) ?? null;

/** The same five routes for every catalogue resource (GET|POST /x, GET|PUT|DELETE /x/{id}). */
function crud(app: FastifyInstance, r: Resource) {
  const common = { tags: [r.tag], security: [{ bearer: [] }] };
  const api = app.withTypeProvider<import('@fastify/type-provider-typebox').TypeBoxTypeProvider>();
  if (r.list) {
    const list = r.list;
    api.get(
      r.path,
      {
        schema: {
          ...common,
          ...permit(...r.read),
          operationId: `list${r.plural}`,
          querystring: ListQuery,
          response: csvAnswers(SimplePage(r.schema, `${r.singular}List`)),
        },
      },
      async (request, reply) =>
        listOrCsv(app, request, reply, {
          filename: r.path.slice('/api/'.length),
          columns: columnsOf(r.schema),
          page: async (q) => {
            const items = await list(q);
            return { items, total: items.length };
          },
        }),
    );
  }
  api.post(
    r.path,
    {
      schema: {
        ...common,
        ...permit(...(r.create ?? r.write)),
        operationId: `create${r.singular}`,
        body: r.createBody,
        response: answers(r.schema, 201),
      },
    },
    async (request, reply) => {
      const companyId = request.principal!.companyId;
      const row = await app.inCompany(request, async (q) => {
        const saved = (await r.save(q, companyId, null, request.body as never)) as { id: string };
        if (r.audit)
          await recordAudit(q, {
            companyId,
            actorId: request.principal!.userId,
            entity: r.audit,
            entityId: saved.id,
            entityName: nameOf(saved),
            action: 'create',
            after: saved,
          });
        settingsChanged(q, companyId, r.path, saved.id);
        return saved;
      });
      return reply.status(201).send(row);
    },
  );
  api.get(
    `${r.path}/:id`,
    {
      schema: {
        ...common,
        ...permit(...r.read),
        operationId: `get${r.singular}`,
        params: IdParams,
        response: answers(r.schema),
      },
    },
    (request) => app.inCompany(request, (q) => r.get(q, request.params.id)),
  );
  api.put(
    `${r.path}/:id`,
    {
      schema: {
        ...common,
        ...permit(...r.write),
        operationId: `update${r.singular}`,
        params: IdParams,
        body: r.updateBody,
        response: answers(r.schema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const before = r.audit ? await r.get(q, request.params.id) : null;
        const saved = await r.save(q, companyId, request.params.id, request.body as never);
        if (r.audit)
          await recordAudit(q, {
            companyId,
            actorId: request.principal!.userId,
            entity: r.audit,
            entityId: request.params.id,
            entityName: nameOf(saved),
            action: 'update',
            before,
            after: saved,
          });
        settingsChanged(q, companyId, r.path, request.params.id);
        return saved;
      }),
  );
  api.delete(
    `${r.path}/:id`,
    {
      schema: {
        ...common,
        ...permit(...r.write),
        operationId: `delete${r.singular}`,
        description: r.deleteNote,
        params: IdParams,
        response: answers(Type.Null(), 204),
      },
    },
    async (request, reply) => {
      await app.inCompany(request, async (q) => {
        const before = r.audit ? await r.get(q, request.params.id) : null;
        await r.remove(q, request.params.id);
        if (r.audit)
          await recordAudit(q, {
            companyId: request.principal!.companyId,
            actorId: request.principal!.userId,
            entity: r.audit,
            entityId: request.params.id,
            entityName: nameOf(before),
            action: 'delete',
            before,
          });
        settingsChanged(q, request.principal!.companyId, r.path, request.params.id);
      });
      return reply.status(204).send(null);
    },
  );
}

/** Who reads customers and vendors alike: who manages them, and who receives from or sells to them. */
const CUSTOMER_READERS: [Permission, ...Permission[]] = [
  'customers.view',
  'customers.manage',
  'items.receive',
  'items.sell',
];
/** A buyer who may not read customers picks vendors: the list is narrowed to them, whatever was asked. */
const kindFor = (request: FastifyRequest) => {
  const access = request.access!;
  return CUSTOMER_READERS.some((p) => access.may(p))
    ? (request.query as { kind?: 'customer' | 'vendor' }).kind
    : 'vendor';
};

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);
  const inUse = (what: string) => `Refused with 409 naming what uses the ${what}.`;

  crud(app, {
    path: '/api/item-types',
    audit: 'item-type',
    tag: 'item-types',
    singular: 'ItemType',
    plural: 'ItemTypes',
    schema: S.ItemTypeSchema,
    createBody: S.CreateItemTypeBody,
    updateBody: S.UpdateItemTypeBody,
    read: READ,
    write: WRITE,
    list: service.listItemTypes,
    get: service.getItemType,
    save: service.saveItemType,
    remove: service.deleteItemType,
    deleteNote: `${inUse('item type')} Deactivate it instead.`,
  });
  crud(app, {
    path: '/api/brands',
    audit: 'brand',
    tag: 'brands',
    singular: 'Brand',
    plural: 'Brands',
    schema: S.BrandSchema,
    createBody: S.BrandBody,
    updateBody: S.BrandBody,
    read: READ,
    write: WRITE,
    list: service.listBrands,
    get: service.getBrand,
    save: (q, companyId, id, body: { name: string }) => service.saveBrand(q, companyId, id, body.name),
    remove: service.deleteBrand,
    deleteNote: inUse('brand'),
  });
  crud(app, {
    path: '/api/locations',
    audit: 'location',
    tag: 'locations',
    singular: 'Location',
    plural: 'Locations',
    schema: S.LocationSchema,
    createBody: S.CreateLocationBody,
    updateBody: S.UpdateLocationBody,
    read: READ,
    write: WRITE,
    list: service.listLocations,
    get: service.getLocation,
    save: service.saveLocation,
    remove: service.deleteLocation,
    deleteNote: `Only an empty location can be deleted. ${inUse('location')} Creating or reactivating one is refused with 403 PLAN_LIMIT_LOCATIONS past the plan’s maxLocations (plus add-ons).`,
  });
  crud(app, {
    path: '/api/customers',
    tag: 'customers',
    singular: 'Customer',
    plural: 'Customers',
    schema: S.CustomerSchema,
    createBody: S.CreateCustomerBody,
    updateBody: S.UpdateCustomerBody,
    read: ['customers.view', 'customers.manage', 'items.receive', 'items.sell'],
    write: ['customers.manage'],
    // A new buyer at the till and a new supplier at reception are added where they turn up, by
    // whoever sells or receives; changing or removing one stays with who manages customers.
    create: ['customers.manage', 'items.sell', 'items.receive'],
    list: false,
    get: service.getCustomer,
    save: service.saveCustomer,
    remove: service.deleteCustomer,
    deleteNote: inUse('customer'),
  });
  crud(app, {
    path: '/api/transaction-types',
    audit: 'transaction-type',
    tag: 'transaction-types',
    singular: 'TransactionType',
    plural: 'TransactionTypes',
    schema: S.TransactionTypeSchema,
    createBody: S.CreateTransactionTypeBody,
    updateBody: S.UpdateTransactionTypeBody,
    read: READ,
    write: WRITE,
    list: service.listTransactionTypes,
    get: service.getTransactionType,
    save: service.saveTransactionType,
    remove: service.deleteTransactionType,
    deleteNote: `Built-in types and types with history are refused with 409: deactivate them instead. A new type is granted to the Admin role.`,
  });

  app.get(
    '/api/customers',
    {
      schema: {
        tags: ['customers'],
        security: [{ bearer: [] }],
        ...permit(...CUSTOMER_READERS, 'purchasing.manage'),
        operationId: 'listCustomers',
        description:
          'Customers and vendors in name order, keyset-paged; search in name, email, phone, tax id. CSV: every match. A caller who holds only purchasing.manage (to pick whom to order from) gets the vendors alone.',
        querystring: S.CustomerListQuery,
        response: csvAnswers(KeysetPage(S.CustomerSchema, 'CustomerPage')),
      },
    },
    async (request, reply) =>
      listOrCsv(app, request, reply, {
        filename: 'customers',
        columns: columnsOf(S.CustomerSchema),
        page: (q, at) => service.listCustomers(q, { ...request.query, ...at, kind: kindFor(request) }),
      }),
  );

  const settings = { security: [{ bearer: [] }] };
  app.get(
    '/api/statuses',
    {
      schema: {
        ...settings,
        tags: ['statuses'],
        ...permit(...READ),
        operationId: 'listStatuses',
        description: 'The fixed logical statuses, with the company’s display names.',
        querystring: ListQuery,
        response: csvAnswers(SimplePage(S.StatusSchema, 'StatusList')),
      },
    },
    async (request, reply) =>
      listOrCsv(app, request, reply, {
        filename: 'statuses',
        columns: columnsOf(S.StatusSchema),
        page: async (q) => {
          const items = await service.listStatuses(q);
          return { items, total: items.length };
        },
      }),
  );
  app.put(
    '/api/statuses/:key',
    {
      schema: {
        ...settings,
        tags: ['statuses'],
        ...permit(...WRITE),
        operationId: 'renameStatus',
        params: S.StatusParams,
        body: S.StatusBody,
        response: answers(S.StatusSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const before = (await service.listStatuses(q)).find((st) => st.key === request.params.key) ?? null;
        const status = await service.setStatusName(q, companyId, request.params.key, request.body.name);
        await recordAudit(q, {
          companyId,
          actorId: request.principal!.userId,
          entity: 'status',
          entityId: request.params.key,
          entityName: request.params.key,
          action: 'update',
          before,
          after: status,
        });
        settingsChanged(q, companyId, '/api/statuses', request.params.key);
        return status;
      }),
  );
  app.get(
    '/api/label-settings',
    {
      schema: {
        ...settings,
        tags: ['label-settings'],
        ...permit(...READ),
        operationId: 'getLabelSettings',
        response: answers(S.LabelSettingsSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getLabelSettings(q)),
  );
  app.put(
    '/api/label-settings',
    {
      schema: {
        ...settings,
        tags: ['label-settings'],
        ...permit(...WRITE),
        operationId: 'updateLabelSettings',
        body: S.LabelSettingsBody,
        response: answers(S.LabelSettingsSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const before = await service.savedLabelSettings(q);
        const settings = await service.saveLabelSettings(q, companyId, request.body);
        await recordAudit(q, {
          companyId,
          actorId: request.principal!.userId,
          entity: 'label-settings',
          entityId: companyId,
          action: 'update',
          before,
          after: settings,
        });
        settingsChanged(q, companyId, '/api/label-settings', companyId);
        return settings;
      }),
  );
};
