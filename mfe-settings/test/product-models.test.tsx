import { act, screen } from '@testing-library/react';
import { i18n } from '@stockwise/shared';
import { mockApi, refusal, renderAt, signIn } from './support/harness';

// A whole dialog flow in jsdom on a shared 2-core machine: generous.
jest.setTimeout(120_000);

type Model = Record<string, unknown> & { id: string; name: string; reorderPoints: unknown[] };
let models: Model[];
const at = '2025-03-01T10:00:00Z';
const model = (over: Partial<Model>): Model => ({
  id: 'm1',
  name: 'X1 Pro',
  itemTypeId: 't1',
  itemTypeName: 'Phone',
  brandId: 'b1',
  brandName: 'Acme',
  salePrice: 499,
  cost: 350,
  warrantyMonths: 24,
  barcode: '8690000000011',
  imagePath: null,
  archived: false,
  inStock: 4,
  reorderPoints: [],
  createdAt: at,
  updatedAt: at,
  ...over,
});

function modelsApi() {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/product-models')
      return { status: 200, data: { items: models.filter((m) => !m.archived), nextCursor: null } };
    if (call.method === 'GET' && call.url === '/api/item-types')
      return {
        status: 200,
        data: {
          items: [{ id: 't1', name: 'Phone', serialRequired: true, warrantyMonths: 0, fields: [], active: true }],
        },
      };
    if (call.method === 'GET' && call.url === '/api/brands')
      return { status: 200, data: { items: [{ id: 'b1', name: 'Acme', createdAt: at }], total: 1 } };
    if (call.method === 'POST' && call.url === '/api/product-models') {
      const body = call.body as Model;
      if (models.some((m) => m.barcode && m.barcode === body.barcode))
        return refusal(409, 'Another model already has this barcode.', { field: 'barcode' });
      const created = model({ ...body, id: `m${models.length + 1}`, brandName: 'Acme', itemTypeName: 'Phone' });
      models = [...models, created];
      return { status: 201, data: created };
    }
    const one = /^\/api\/product-models\/(\w+)$/.exec(call.url);
    if (one && call.method === 'PUT') {
      models = models.map((m) => (m.id === one[1] ? { ...m, ...(call.body as object) } : m));
      return { status: 200, data: models.find((m) => m.id === one[1]) };
    }
    return undefined;
  });
}

beforeEach(async () => {
  signIn(['Admin']);
  await act(() => i18n.changeLanguage('en'));
  models = [model({})];
});

describe('/settings/product-models', () => {
  test('in Turkish', async () => {
    modelsApi();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/settings/product-models');
    expect(await screen.findByRole('button', { name: 'Model ekleyin' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ürün Modelleri' })).toBeInTheDocument();
  });
});
