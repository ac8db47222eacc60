import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api as client, i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, renderAt, signInAs } from './helpers';

// Lending from the item's page: Check out to a colleague with a due day (the kit's form, checked
// before anything is sent), and an item on loan shown with to whom, overdue, and Check in.
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();
const loan = {
  id: 'n1',
  itemId: 'i1',
  serial: 'SN-0001',
  itemTypeName: 'Phone',
  model: 'X1',
  borrowerKind: 'user',
  userId: 'u2',
  customerId: null,
  borrowerName: 'Ivy Invitee',
  dueAt: YESTERDAY,
  overdue: true,
  fromStatus: 'in_stock',
  note: null,
  checkedOutBy: 'keeper',
  checkedOutAt: '2026-02-01T10:00:00Z',
  checkedInBy: null,
  checkedInAt: null,
};

function api(item: typeof baseItem, permissions: string[]) {
  return mockApi((config) => {
    const url = config.url ?? '';
    const method = config.method ?? 'get';
    if (url === '/api/items/by-serial/SN-0001' || url === '/api/items/i1') return { status: 200, data: item };
    if (url === '/api/items/i1/history') return { status: 200, data: { events: [] } };
    if (url === '/api/items/i1/warranty-claims') return { status: 200, data: { items: [] } };
    if (url === '/api/loans' && method === 'get') return { status: 200, data: { items: [loan], nextCursor: null } };
    if (url === '/api/loans') return { status: 201, data: { ...loan, overdue: false } };
    if (url === '/api/loans/n1/check-in')
      return { status: 200, data: { ...loan, checkedInAt: '2026-02-03T10:00:00Z' } };
    if (url === '/api/loans/borrowers')
      return {
        status: 200,
        data: {
          items: [
            { kind: 'user', id: 'u2', name: 'Ivy Invitee', detail: 'ivy' },
            { kind: 'customer', id: 'c1', name: 'Ada Borrower', detail: null },
          ],
        },
      };
    if (url === '/api/access') return accessAnswer(permissions);
    if (
      url === '/api/transaction-types' ||
      url === '/api/locations' ||
      url === '/api/statuses' ||
      url === '/api/brands'
    )
      return { status: 200, data: { items: [], total: 0 } };
    return { status: 404, data: { message: `unexpected ${url}` } };
  });
}

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

beforeEach(async () => {
  signInAs(ROLES.storekeeper);
  await act(() => i18n.changeLanguage('en'));
});

it('checks an item out to a colleague: who is required, the due day is sent as the end of that day', async () => {
  const calls = api(baseItem, ['items.view', 'items.lend']);
  renderAt('/item-status/item-search?q=SN-0001');
  await userEvent.click(await screen.findByRole('button', { name: 'Check out' }, { timeout: 30_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Check out SN-0001' });
  expect(
    within(dialog).getByText('While it is out the item is counted as stock but cannot be sold.'),
  ).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
  expect(await within(dialog).findByText('Choose a colleague or a customer.')).toBeInTheDocument();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  await userEvent.type(within(dialog).getByLabelText(/To whom/), 'Ivy');
  await userEvent.click(await screen.findByRole('option', { name: 'Ivy Invitee · ivy' }));
  const due = within(dialog).getByLabelText(/Due back on/);
  await userEvent.clear(due);
  await userEvent.type(due, '2099-03-04');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const post = calls.find((call) => call.method === 'POST');
  expect(post).toMatchObject({ url: '/api/loans', body: { itemId: 'i1', userId: 'u2' } });
  expect((post!.body as { dueAt: string }).dueAt).toBe(new Date(2099, 2, 4, 23, 59, 59, 999).toISOString());
});

it('keeps the people on offer while the search for what was typed is on its way', async () => {
  api(baseItem, ['items.view', 'items.lend']);
  // The search for "Ivy" answers only when the test says so; every other call at once.
  const answered = client.defaults.adapter as (config: unknown) => Promise<unknown>;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  client.defaults.adapter = async (config) => {
    if ((config.params as { q?: string } | undefined)?.q === 'Ivy') await held;
    return answered(config) as never;
  };
  renderAt('/item-status/item-search?q=SN-0001');
  await userEvent.click(await screen.findByRole('button', { name: 'Check out' }, { timeout: 30_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Check out SN-0001' });
  await userEvent.type(within(dialog).getByLabelText(/To whom/), 'Ivy');
  const offered = await screen.findByRole('option', { name: 'Ivy Invitee · ivy' });
  // The search is asked a quarter second after the typing stops; what was offered stays meanwhile.
  await waitFor(() => expect(within(dialog).getByRole('progressbar')).toBeInTheDocument());
  expect(offered).toBeInTheDocument();
  await userEvent.click(offered);
  expect(within(dialog).getByLabelText(/To whom/)).toHaveValue('Ivy Invitee');
  release();
});

it('shows an item on loan with to whom and overdue, and checks it in', async () => {
  const calls = api({ ...baseItem, status: 'on_loan' }, ['items.view', 'items.lend']);
  renderAt('/item-status/item-search?q=SN-0001');
  const panel = await screen.findByRole('region', { name: 'Loan' }, { timeout: 30_000 });
  expect(await within(panel).findByText(/Lent to Ivy Invitee/)).toBeInTheDocument();
  expect(within(panel).getByText('Overdue')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
  await userEvent.click(within(panel).getByRole('button', { name: 'Check in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Check in SN-0001' });
  expect(within(dialog).getByText('Lent to Ivy Invitee. Once checked in it is In stock again.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Check in' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/loans/n1/check-in', body: {} });
});

it('offers no lending to a user without items.lend', async () => {
  signInAs(ROLES.rapidSeller);
  api(baseItem, ['items.view', 'items.sell']);
  renderAt('/item-status/item-search?q=SN-0001');
  expect(await screen.findByText('No events recorded for this item.', {}, { timeout: 30_000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Loan' })).not.toBeInTheDocument();
});

describe('Item Process: a scanned item is lent or checked in there', () => {
  const scan = async () => {
    const panel = await screen.findByRole('region', { name: 'Lend one item' }, { timeout: 30_000 });
    await userEvent.type(within(panel).getByTestId('return-scrap-scan'), 'SN-0001{Enter}');
    return panel;
  };

  it('offers Check out for an item in stock to a holder of items.lend, in the item page’s dialog', async () => {
    const calls = api(baseItem, ['items.view', 'items.process', 'items.lend']);
    renderAt('/actions/item-process');
    const panel = await scan();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Check out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out SN-0001' });
    await userEvent.type(within(dialog).getByLabelText(/To whom/), 'Ada');
    await userEvent.click(await screen.findByRole('option', { name: /Ada Borrower/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/loans',
      body: { itemId: 'i1', customerId: 'c1' },
    });
  });

  it('offers Check in for an item on loan', async () => {
    const calls = api({ ...baseItem, status: 'on_loan' }, ['items.view', 'items.process', 'items.lend']);
    renderAt('/actions/item-process');
    const panel = await scan();
    expect(await within(panel).findByText(/Lent to Ivy Invitee/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Check in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in SN-0001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/loans/n1/check-in' });
  });

  it('offers no lending without items.lend: the claim decides, not the role', async () => {
    signInAs(ROLES.companyOwner);
    api(baseItem, ['items.view', 'items.process']);
    renderAt('/actions/item-process');
    await screen.findByRole('heading', { name: /Item Process|Search Item/ }, { timeout: 30_000 });
    expect(screen.queryByRole('region', { name: 'Lend one item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
  });
});
