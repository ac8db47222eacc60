import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, removeFiles, uploadModelImage } from '@stockwise/shared';
import { COMPANY_ID, mockApi, refusal, renderAt, signIn, type Handler } from './support/harness';

jest.mock('@stockwise/shared', () => ({
  ...jest.requireActual('@stockwise/shared'),
  uploadModelImage: jest.fn(),
  removeFiles: jest.fn(),
}));
const upload = uploadModelImage as jest.MockedFunction<typeof uploadModelImage>;
const removed = removeFiles as jest.MockedFunction<typeof removeFiles>;

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

function modelsApi(extra?: Handler) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
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

describe('reorder points per location', () => {
  const locations = [
    { id: 'l1', name: 'Counter', kind: 'store', parentId: null, active: true, createdAt: at },
    { id: 'l2', name: 'Back room', kind: 'warehouse', parentId: null, active: true, createdAt: at },
  ];
  const withLocations = (list = locations) =>
    modelsApi((call) =>
      call.method === 'GET' && call.url === '/api/locations'
        ? { status: 200, data: { items: list, total: list.length } }
        : undefined,
    );

  test('a model keeps a point for all locations and one for the counter; a fraction is refused on its field', async () => {
    const calls = withLocations();
    renderAt('/settings/product-models');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit X1 Pro' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reorder point/ }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add a location’s reorder point' }));
    const row = within(dialog).getByRole('group', { name: 'Reorder points at one location' });
    await user.click(within(row).getByRole('combobox', { name: /Location/ }));
    await user.click(await screen.findByRole('option', { name: 'Back room' }));
    const min = within(row).getByRole('textbox', { name: /Reorder point/ });
    await user.type(min, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('Enter a whole number of 1 or more.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(min);
    await user.type(min, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/product-models/m1');
    expect((put?.body as { reorderPoints: unknown }).reorderPoints).toEqual([
      { locationId: null, minQuantity: 3 },
      { locationId: 'l2', minQuantity: 2 },
    ]);
  });

  test('a location’s point is shown when the dialog opens again, and removing it sends it no more', async () => {
    models = [model({ reorderPoints: [{ locationId: 'l1', minQuantity: 4 }] })];
    const calls = withLocations();
    renderAt('/settings/product-models');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit X1 Pro' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    const row = within(dialog).getByRole('group', { name: 'Reorder points at one location' });
    expect(within(row).getByRole('combobox', { name: /Location/ })).toHaveTextContent('Counter');
    expect(within(row).getByRole('textbox', { name: /Reorder point/ })).toHaveValue('4');
    await user.click(within(row).getByRole('button', { name: 'Remove the reorder point at Counter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/product-models/m1');
    expect((put?.body as { reorderPoints: unknown }).reorderPoints).toEqual([]);
  });

  test('with one location, only the point for all locations is offered', async () => {
    withLocations(locations.slice(0, 1));
    renderAt('/settings/product-models');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit X1 Pro' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    expect(within(dialog).getByRole('textbox', { name: /^Reorder point/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add a location’s reorder point' })).not.toBeInTheDocument();
  });
});

describe('the model’s image', () => {
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'x1.png', { type: 'image/png' });
  beforeEach(() => {
    upload.mockReset();
    removed.mockReset().mockResolvedValue(undefined);
  });

  test('an Admin uploads one in the dialog; it is saved on the model and shown in the dialog and the list', async () => {
    const path = `${COMPANY_ID}/models/42.png`;
    upload.mockResolvedValue({ path, publicUrl: `http://localhost/storage/v1/object/public/ItemImages/${path}` });
    const calls = modelsApi();
    renderAt('/settings/product-models');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit X1 Pro' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    expect(within(dialog).getByText('No image')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Upload an image'), png());
    expect(upload).toHaveBeenCalledWith(expect.any(File), COMPANY_ID);
    const preview = await within(dialog).findByRole('img', { name: 'Image of X1 Pro' });
    expect(preview).toHaveAttribute('src', expect.stringContaining('/ItemImages/' + path));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/product-models/m1');
    expect((put?.body as { imagePath: unknown }).imagePath).toBe(path);
    const thumbnail = await screen.findByRole('img', { name: 'Image of X1 Pro' });
    expect(thumbnail).toHaveAttribute('src', expect.stringContaining(path));
  });

  test('replacing it saves the new path and deletes the old file; removing it saves none', async () => {
    const old = `${COMPANY_ID}/models/1.png`;
    const next = `${COMPANY_ID}/models/2.png`;
    models = [model({ imagePath: old })];
    upload.mockResolvedValue({ path: next, publicUrl: next });
    const calls = modelsApi();
    renderAt('/settings/product-models');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit X1 Pro' }, { timeout: 20_000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    await user.upload(within(dialog).getByLabelText('Replace the image'), png());
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Image of X1 Pro' })).toHaveAttribute(
        'src',
        expect.stringContaining(next),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((calls.filter((c) => c.method === 'PUT').at(-1)?.body as { imagePath: unknown }).imagePath).toBe(next);
    expect(removed).toHaveBeenCalledWith('ItemImages', [old]);

    await user.click(await screen.findByRole('button', { name: 'Edit X1 Pro' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit model' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the image' }));
    expect(within(dialog).getByText('No image')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((calls.filter((c) => c.method === 'PUT').at(-1)?.body as { imagePath: unknown }).imagePath).toBeNull();
    expect(removed).toHaveBeenLastCalledWith('ItemImages', [next]);
  });

  test('a refusal by the storage (403) is told in the dialog, and the model keeps no image', async () => {
    upload.mockRejectedValue(Object.assign(new Error('new row violates row-level security policy'), { status: 403 }));
    const calls = modelsApi();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/settings/product-models');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'X1 Pro modelini düzenleyin' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('Görsel yükleyin'), png());
    expect(
      await within(dialog).findByText('Model görseli yükleyemezsiniz: bunun için ayarları yönetme yetkisi gerekir.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
