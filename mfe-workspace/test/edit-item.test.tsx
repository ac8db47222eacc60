import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { baseItem, renderAt, signInAs } from './helpers';

const item = { ...baseItem, fields: { color: 'Black' }, version: 4 };
const phone = {
  id: 't1',
  name: 'Phone',
  serialRequired: true,
  warrantyMonths: 12,
  active: true,
  createdAt: '',
  fields: [{ key: 'color', label: 'Colour', type: 'select', required: true, options: ['Black', 'White'] }],
};

function api(
  patch: (body: Record<string, unknown>) => { status: number; data: unknown },
  fresh: object = item,
  found: object = item,
) {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/items/by-serial/SN-0001') return { status: 200, data: found };
    if (url.startsWith('/api/items/by-serial/')) return { status: 404, data: { message: 'Item not found' } };
    if (url === '/api/item-types') return { status: 200, data: { items: [phone], total: 1 } };
    if (url === '/api/brands') return { status: 200, data: { items: [], total: 0 } };
    if (url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
    if (url === '/api/items/i1' && config.method === 'patch')
      return patch(JSON.parse(config.data as string) as Record<string, unknown>);
    if (url === '/api/items/i1') return { status: 200, data: fresh };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

describe('/reporting/edit-item', () => {
  it('saves only what changed, with the version read', async () => {
    const calls = api((body) => ({ status: 200, data: { ...item, model: body.model, version: 5 } }));
    renderAt('/reporting/edit-item');
    await userEvent.type(await screen.findByLabelText('Scan or type a serial'), 'SN-0001{Enter}');
    const model = await screen.findByLabelText('Model');
    await userEvent.clear(model);
    await userEvent.type(model, 'X1 Pro');
    await userEvent.type(screen.getByLabelText('Why (kept in the history)'), 'typo');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('SN-0001 has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 4, model: 'X1 Pro', note: 'typo' });
  });

  it('shows and sends no cost to a role without items.cost.view (its items come without one); an owner corrects it', async () => {
    const { cost: _cost, ...withoutCost } = item;
    const calls = api(
      (body) => ({ status: 200, data: { ...withoutCost, ...body, version: 5 } }),
      withoutCost,
      withoutCost,
    );
    const { unmount } = renderAt('/reporting/edit-item?serial=SN-0001');
    const model = await screen.findByLabelText('Model');
    expect(screen.queryByLabelText('Cost')).not.toBeInTheDocument();
    await userEvent.type(model, ' Pro');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('SN-0001 has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 4, model: 'X1 Pro' });
    unmount();

    signInAs(ROLES.companyOwner);
    const owners = api((body) => ({ status: 200, data: { ...item, ...body, version: 5 } }));
    renderAt('/reporting/edit-item?serial=SN-0001');
    const cost = await screen.findByLabelText('Cost');
    await userEvent.clear(cost);
    await userEvent.type(cost, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('SN-0001 has been saved.')).toBeInTheDocument();
    expect(owners.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 4, cost: 90 });
  });

  it('says nothing changed without calling the API', async () => {
    const calls = api(() => ({ status: 500, data: {} }));
    renderAt('/reporting/edit-item?serial=SN-0001');
    await screen.findByLabelText('Model');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('on a version conflict says someone else changed it and shows what', async () => {
    api(
      () => ({
        status: 409,
        data: {
          message: 'SN-0001 was changed by someone else since you read it (version 4, now 5). Reload it and try again.',
          code: 'STALE_VERSION',
        },
      }),
      { ...item, salePrice: 999, version: 5 },
    );
    renderAt('/reporting/edit-item?serial=SN-0001');
    const model = await screen.findByLabelText('Model');
    await userEvent.type(model, ' Pro');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this item while you were editing it.');
    expect(alert).toHaveTextContent('Sale price: $1,250.50 → $999.00');
    await userEvent.click(screen.getByRole('button', { name: /Load their version/ }));
    expect(screen.getByLabelText('Sale price')).toHaveValue('999');
    expect(screen.getByLabelText('Model')).toHaveValue('X1');
  });

  it('says it in Turkish too, with the fields named in Turkish and amounts in Turkish format', async () => {
    await act(() => i18n.changeLanguage('tr'));
    api(() => ({ status: 409, data: { message: 'SN-0001 was changed by someone else', code: 'STALE_VERSION' } }), {
      ...item,
      salePrice: 999,
      version: 5,
    });
    renderAt('/reporting/edit-item?serial=SN-0001');
    await userEvent.type(await screen.findByLabelText('Model'), ' Pro');
    await userEvent.click(screen.getByRole('button', { name: 'Değişiklikleri kaydet' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Siz düzenlerken başka biri bu ürünü değiştirdi.');
    expect(alert).toHaveTextContent('Satış fiyatı: $1.250,50 → $999,00');
    expect(alert).not.toHaveTextContent('someone else');
  });

  it('is forbidden to a Rapid Seller', async () => {
    signInAs(ROLES.rapidSeller);
    api(() => ({ status: 500, data: {} }));
    renderAt('/reporting/edit-item');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});
