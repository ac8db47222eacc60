import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { currentLocation, renderAt, signInAs } from './helpers';

const customer = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  isCustomer: true,
  isVendor: false,
  contactName: null,
  email: null,
  phone: null,
  taxId: null,
  address: null,
  notes: null,
  active: true,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

function api() {
  let rows = [
    customer('c1', 'Northwind Traders'),
    customer('v1', 'TechDistri GmbH', { isCustomer: false, isVendor: true }),
  ];
  const seen: Record<string, unknown>[] = [];
  const calls = mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/customers' && config.method === 'get') {
      const params = config.params as { kind?: string; active?: 'true' | 'false' };
      seen.push(params);
      const items = rows
        .filter((row) => !params.kind || (params.kind === 'vendor' ? row.isVendor : row.isCustomer))
        .filter((row) => params.active === undefined || String(row.active) === params.active);
      return { status: 200, data: { items, nextCursor: null } };
    }
    if (url === '/api/customers' && config.method === 'post') {
      const body = JSON.parse(config.data as string) as { name: string };
      const created = customer('c9', body.name, body);
      rows = [...rows, created];
      return { status: 201, data: created };
    }
    if (url === '/api/customers/c1' && config.method === 'put') {
      const body = JSON.parse(config.data as string) as { active: boolean };
      rows = rows.map((row) => (row.id === 'c1' ? { ...row, ...body } : row));
      return { status: 200, data: rows[0] };
    }
    if (url === '/api/customers/c1' && config.method === 'delete')
      return { status: 409, data: { message: 'Northwind Traders is used by 3 sales.' } };
    return { status: 404, data: { message: 'unexpected' } };
  });
  return { calls, seen };
}

jest.setTimeout(30_000);

beforeEach(async () => {
  signInAs(ROLES.accountManager);
  await act(() => i18n.changeLanguage('en'));
});

describe('/customers/list', () => {
  it('lists customers and vendors and filters by kind in the URL', async () => {
    const { seen } = api();
    renderAt('/customers/list');
    const grid = await screen.findByRole('grid', { name: 'Vendors/Customers' });
    expect(await within(grid).findByText('Northwind Traders')).toBeInTheDocument();
    expect(within(grid).getByText('TechDistri GmbH')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vendors' }));
    expect(currentLocation()).toContain('kind=vendor');
    await screen.findByRole('grid');
    expect(seen.at(-1)).toMatchObject({ kind: 'vendor' });
  });

  it('adds a customer through the form, with validation', async () => {
    const { calls } = api();
    renderAt('/customers/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Add customer or vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer or vendor' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Ada Shop');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ada Shop has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Ada Shop',
      isCustomer: true,
      isVendor: false,
      email: 'ada@example.com',
      phone: null,
    });
  });

  it('shows why a customer in use cannot be deleted', async () => {
    api();
    renderAt('/customers/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Northwind Traders' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Northwind Traders is used by 3 sales.');
  });

  it('deactivates a customer with history: gone from the list until “Show deactivated”, then reactivated', async () => {
    const { calls, seen } = api();
    renderAt('/customers/list');
    const grid = await screen.findByRole('grid', { name: 'Vendors/Customers' });
    expect(seen.at(-1)).toMatchObject({ active: 'true' });
    await userEvent.click(await within(grid).findByRole('button', { name: 'Deactivate Northwind Traders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Northwind Traders?' });
    expect(dialog).toHaveTextContent('They keep their purchases, items and history');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Northwind Traders has been deactivated.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ active: false });
    await waitFor(() => expect(within(grid).queryByText('Northwind Traders')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByLabelText('Show deactivated'));
    expect(currentLocation()).toContain('inactive=1');
    expect(await within(grid).findByText('Northwind Traders')).toBeInTheDocument();
    expect(within(grid).getByText('Deactivated')).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('button', { name: 'Reactivate Northwind Traders' }));
    expect(await screen.findByText('Northwind Traders is active again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ active: true });
  });

  it('offers no changes to a Rapid Seller, who may only look', async () => {
    signInAs(ROLES.rapidSeller);
    api();
    renderAt('/customers/list');
    expect(await screen.findByText('Northwind Traders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add customer or vendor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Northwind Traders' })).not.toBeInTheDocument();
  });

  it('is forbidden to a Storekeeper', async () => {
    signInAs(ROLES.storekeeper);
    api();
    renderAt('/customers/list');
    expect(await screen.findByText(/Your role may not use this screen/)).toBeInTheDocument();
  });
});
