import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@stockwise/shared';
import { mockApi, refusal, renderAt, signIn } from './support/harness';

jest.setTimeout(30_000);

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
  test('lists the models, adds one with a reorder point, shows a duplicate barcode on its field, and archives', async () => {
    const calls = modelsApi();
    renderAt('/settings/product-models');
    expect(await screen.findByText('X1 Pro', {}, { timeout: 20_000 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add model' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Pick an item type.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Case S');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /item type/i }));
    await userEvent.click(await screen.findByRole('option', { name: 'Phone' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Sale price' }), '10');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Barcode' }), '8690000000011');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reorder point' }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another model already has this barcode.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Barcode' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Case S')).toBeInTheDocument();
    const created = calls.filter((c) => c.method === 'POST').at(-1)!.body;
    expect(created).toMatchObject({
      name: 'Case S',
      itemTypeId: 't1',
      salePrice: 10,
      barcode: null,
      reorderPoints: [{ locationId: null, minQuantity: 5 }],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Archive X1 Pro' }));
    await waitFor(() => expect(screen.queryByText('X1 Pro')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/product-models/m1',
      body: { archived: true },
    });
  });

  test('in Turkish', async () => {
    modelsApi();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/settings/product-models');
    expect(await screen.findByRole('button', { name: 'Model ekleyin' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ürün Modelleri' })).toBeInTheDocument();
  });
});
