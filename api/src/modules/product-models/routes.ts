import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { permit, inWorkTransaction } from '../../access/index.js';
import { columnsOf, csvAnswers } from '../../lib/csv.js';
import { listOrExport, type PeopleColumn } from '../../lib/list-export.js';
import { word, type Language } from '../../lib/item-words.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { settingsChanged } from '../events/index.js';
import { seenColumns, sightOf } from '../items/index.js';
import * as S from './schemas.js';
import * as service from './service.js';

// The model catalogue is read and written as brands and item types are: read by whoever works with
// items, written by who manages the catalogue (settings.manage). The "to reorder" report is for who
// answers for the stock (stock.reorder) and who reads reports.
const READ = permit('items.view', 'reports.view', 'settings.manage');
const WRITE = permit('settings.manage');
const REORDER = permit('stock.reorder', 'reports.view');
const PATH = '/api/product-models';

const item = (l: Language, key: string) => word(l, 'item', key);
const more = (l: Language, key: string) => word(l, 'export', key);
const modelPeople = (l: Language): PeopleColumn[] => [
  { key: 'name', header: item(l, 'model'), type: 'text' },
  { key: 'itemTypeName', header: item(l, 'type'), type: 'text' },
  { key: 'brandName', header: item(l, 'brand'), type: 'text' },
  { key: 'barcode', header: more(l, 'barcode'), type: 'text' },
  { key: 'salePrice', header: item(l, 'salePrice'), type: 'number' },
  { key: 'cost', header: item(l, 'cost'), type: 'number' },
  { key: 'warrantyMonths', header: more(l, 'warrantyMonths'), type: 'integer' },
  { key: 'inStock', header: more(l, 'inStock'), type: 'integer' },
];
const reorderPeople = (l: Language): PeopleColumn[] => [
  { key: 'modelName', header: item(l, 'model'), type: 'text' },
  { key: 'itemTypeName', header: item(l, 'type'), type: 'text' },
  { key: 'brandName', header: item(l, 'brand'), type: 'text' },
  { key: 'barcode', header: more(l, 'barcode'), type: 'text' },
  { key: 'locationName', header: item(l, 'location'), type: 'text' },
  { key: 'minQuantity', header: more(l, 'minQuantity'), type: 'integer' },
  { key: 'inStock', header: more(l, 'inStock'), type: 'integer' },
  { key: 'shortfall', header: more(l, 'shortfall'), type: 'integer' },
];

export const productModelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['product-models'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', inWorkTransaction);
  const sight = (request: FastifyRequest) => sightOf(request.access!);

  app.get(
    PATH,
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'listProductModels',
        description:
          'Product models in name order, keyset-paged; search in the name and the barcode; by item type or brand; the archived ones with archived=true. Exports (csv, xlsx for people; raw-csv): every match. The cost only for a caller with items.cost.view.',
        querystring: S.ProductModelListQuery,
        response: csvAnswers(S.ProductModelPage),
      },
    },
    async (request, reply) =>
      listOrExport(app, request, reply, {
        filename: 'product-models',
        sheet: 'Models',
        raw: () => seenColumns(columnsOf(S.ProductModelSchema), sight(request)).filter((c) => c !== 'reorderPoints'),
        people: modelPeople,
        page: (q, at) => service.listModels(q, { ...request.query, ...at }, sight(request)),
      }),
  );

  app.post(
    PATH,
    {
      schema: {
        ...common,
        ...WRITE,
        operationId: 'createProductModel',
        description:
          'A model of an item type (and a brand): its defaults for reception (sale price, cost, warranty months), barcode (unique in the company: 409), image and reorder points. Setting a cost needs items.cost.view (403).',
        body: S.CreateProductModelBody,
        response: answers(S.ProductModelSchema, 201),
      },
    },
    async (request, reply) => {
      const companyId = request.principal!.companyId;
      const model = await app.inCompany(request, async (q) => {
        const saved = await service.saveModel(q, companyId, null, request.body, sight(request));
        settingsChanged(q, companyId, PATH, saved.id);
        return saved;
      });
      return reply.status(201).send(model);
    },
  );

  app.get(
    `${PATH}/:id`,
    {
      schema: {
        ...common,
        ...READ,
        operationId: 'getProductModel',
        params: IdParams,
        response: answers(S.ProductModelSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.getModel(q, request.params.id, sight(request))),
  );

  app.put(
    `${PATH}/:id`,
    {
      schema: {
        ...common,
        ...WRITE,
        operationId: 'updateProductModel',
        description:
          'Changes a model: the fields given (reorderPoints: the whole set). archived: true archives it — kept for its items and their history, no longer offered at reception; false brings it back. Items already received keep what they were received with.',
        params: IdParams,
        body: S.UpdateProductModelBody,
        response: answers(S.ProductModelSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const saved = await service.saveModel(q, companyId, request.params.id, request.body, sight(request));
        settingsChanged(q, companyId, PATH, saved.id);
        return saved;
      }),
  );

  app.get(
    '/api/reports/to-reorder',
    {
      schema: {
        ...common,
        ...REORDER,
        tags: ['reports'],
        operationId: 'getToReorderReport',
        description:
          'Every reorder point not met: a model (not archived) with fewer items in stock than its minimum — across every location, or at the point’s location — with how many short. Counted when read. Exports (csv, xlsx for people; raw-csv): every row.',
        querystring: S.ToReorderQuery,
        response: csvAnswers(S.ToReorderPage),
      },
    },
    async (request, reply) =>
      listOrExport(app, request, reply, {
        filename: 'to-reorder',
        sheet: 'To reorder',
        raw: columnsOf(S.ToReorderRow),
        people: reorderPeople,
        page: (q, at) => service.toReorder(q, { ...request.query, ...at }),
      }),
  );
};
