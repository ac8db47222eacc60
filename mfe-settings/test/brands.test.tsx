import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, refusal, renderAt, signIn } from './support/harness';

type Brand = { id: string; name: string; createdAt: string };
let brands: Brand[];
const at = '2025-03-01T10:00:00Z';

function brandsApi(refuseDelete = false) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/brands')
      return { status: 200, data: { items: brands, total: brands.length } };
    if (call.method === 'POST' && call.url === '/api/brands') {
      const name = (call.body as { name: string }).name;
      if (brands.some((b) => b.name.toLowerCase() === name.toLowerCase()))
        return refusal(409, 'A brand with this name already exists.', { field: 'name' });
      const brand = { id: `b${brands.length + 1}`, name, createdAt: at };
      brands = [...brands, brand];
      return { status: 201, data: brand };
    }
    const put = /^\/api\/brands\/(\w+)$/.exec(call.url);
    if (put && call.method === 'PUT') {
      brands = brands.map((b) => (b.id === put[1] ? { ...b, ...(call.body as object) } : b));
      return { status: 200, data: brands.find((b) => b.id === put[1]) };
    }
    if (put && call.method === 'DELETE') {
      if (refuseDelete) return refusal(409, 'This brand is in use: 12 items. Its items keep it.');
      brands = brands.filter((b) => b.id !== put[1]);
      return { status: 204 };
    }
    return undefined;
  });
}

beforeEach(() => {
  signIn(['Admin']);
  brands = [
    { id: 'b1', name: 'Apple', createdAt: at },
    { id: 'b2', name: 'Samsung', createdAt: at },
  ];
});

describe('/settings/brands', () => {
  test('lists the brands, adds one, and shows the API’s duplicate error on the name', async () => {
    const calls = brandsApi();
    renderAt('/settings/brands');
    expect(await screen.findByText('Samsung')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add brand' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /name/i }), 'apple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A brand with this name already exists.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /name/i }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /name/i }), 'Xiaomi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Xiaomi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'Xiaomi' });
  });

  test('renames a brand', async () => {
    const calls = brandsApi();
    renderAt('/settings/brands');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Apple' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename brand' });
    const name = within(dialog).getByRole('textbox', { name: /name/i });
    expect(name).toHaveValue('Apple');
    await userEvent.clear(name);
    await userEvent.type(name, 'Apple Inc.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Apple Inc.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/brands/b1',
      body: { name: 'Apple Inc.' },
    });
  });

  test('a brand in use is not deleted: the dialog says what uses it', async () => {
    brandsApi(true);
    renderAt('/settings/brands');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Apple' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Apple?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This brand is in use: 12 items. Its items keep it.')).toBeInTheDocument();
    expect(screen.getByText('Apple')).toBeInTheDocument();
  });

  test('deletes an unused brand', async () => {
    brandsApi();
    renderAt('/settings/brands');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Samsung' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Samsung')).not.toBeInTheDocument());
  });

  test('empty, failed and forbidden lists each say so', async () => {
    brands = [];
    brandsApi();
    const first = renderAt('/settings/brands');
    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
    first.unmount();

    let fail = true;
    mockApi((call) =>
      fail
        ? refusal(500, 'Internal Server Error')
        : call.url === '/api/brands'
          ? { status: 200, data: { items: [], total: 0 } }
          : undefined,
    );
    const second = renderAt('/settings/brands');
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
    second.unmount();

    mockApi(() => refusal(403, 'You may not do this.'));
    renderAt('/settings/brands');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add brand' })).not.toBeInTheDocument();
  });
});
