import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { accessAnswer, baseItem, renderAt, signInAs } from './helpers';

// A warranty claim from the item's page: opened while the warranty runs, advanced with a note.
const FUTURE = new Date(Date.now() + 90 * 86_400_000).toISOString();
const PAST = new Date(Date.now() - 86_400_000).toISOString();
const soldItem = {
  ...baseItem,
  status: 'sold',
  customerId: 'c1',
  customerName: 'Grace Hopper',
  vendorId: 'v1',
  vendorName: 'Parts Supplier Ltd',
  soldAt: '2026-01-05T10:00:00Z',
  warrantyEndsAt: FUTURE,
};
const claim = (state: string, outcome: string | null = null) => ({
  id: 'w1',
  itemId: 'i1',
  serial: 'SN-0001',
  state,
  outcome,
  fault: 'Does not charge',
  vendorId: 'v1',
  vendorName: 'Parts Supplier Ltd',
  customerId: 'c1',
  customerName: 'Grace Hopper',
  openedBy: 'keeper',
  warrantyEndsAt: FUTURE,
  openedAt: '2026-02-01T10:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
  closedAt: null,
});

function api(item: typeof soldItem, claims: unknown[], permissions = ['items.view', 'warranty.manage']) {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/items/by-serial/SN-0001' || url === '/api/items/i1') return { status: 200, data: item };
    if (url === '/api/items/i1/history') return { status: 200, data: { events: [] } };
    if (url === '/api/items/i1/warranty-claims' && (config.method ?? 'get') === 'get')
      return { status: 200, data: { items: claims } };
    if (url === '/api/items/i1/warranty-claims') return { status: 201, data: claim('open') };
    if (url === '/api/warranty-claims/w1/advance') return { status: 200, data: claim('closed', 'rejected') };
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

// MUI in jsdom on a shared 2-core machine: screens that wait on several answers need longer than 1 s.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

beforeEach(async () => {
  signInAs(ROLES.companyOwner);
  await act(() => i18n.changeLanguage('en'));
});

it('opens a claim on an item under warranty, with the supplier shown and the fault required', async () => {
  const calls = api(soldItem, []);
  renderAt('/item-status/item-search?q=SN-0001');
  // The first render loads (and here compiles) the page's chunk.
  await userEvent.click(await screen.findByRole('button', { name: 'Open warranty claim' }, { timeout: 30_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Warranty claim for SN-0001' });
  expect(within(dialog).getByText(/Supplier: Parts Supplier Ltd\./)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Open the claim' }));
  expect(await within(dialog).findByText('Say what is wrong.')).toBeInTheDocument();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
  await userEvent.type(within(dialog).getByLabelText(/What is wrong/), ' Does not charge ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Open the claim' }));
  await closed();
  expect(calls.find((call) => call.method === 'POST')).toMatchObject({
    url: '/api/items/i1/warranty-claims',
    body: { fault: 'Does not charge' },
  });
});

it('offers no claim once the warranty has ended', async () => {
  api({ ...soldItem, warrantyEndsAt: PAST }, []);
  renderAt('/item-status/item-search?q=SN-0001');
  expect(await screen.findByText('No events recorded for this item.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Open warranty claim' })).not.toBeInTheDocument();
});

it('offers no claim to a user without warranty.manage, and shows them a claim in progress without its steps', async () => {
  signInAs(ROLES.rapidSeller);
  api(soldItem, [claim('open')], ['items.view', 'items.sell']);
  renderAt('/item-status/item-search?q=SN-0001');
  const panel = await screen.findByRole('region', { name: 'Warranty claim' });
  expect(await within(panel).findByText('Fault: Does not charge')).toBeInTheDocument();
  expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Open warranty claim' })).not.toBeInTheDocument();
});

it('advances a claim at the supplier: its next steps offered, closing without an outcome needs a note', async () => {
  const calls = api(soldItem, [claim('sent')]);
  renderAt('/item-status/item-search?q=SN-0001');
  const panel = await screen.findByRole('region', { name: 'Warranty claim' });
  expect(await within(panel).findByText('Fault: Does not charge')).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Repaired' })).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Replaced' })).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Sent to supplier' })).not.toBeInTheDocument();
  await userEvent.click(within(panel).getByRole('button', { name: 'Close claim' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close claim — SN-0001' });
  expect(within(dialog).getByText('Closing now records the claim as rejected.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close claim' }));
  expect(
    await within(dialog).findByText('Say why the claim is closed without a repair or replacement.'),
  ).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText(/Note/), 'Water damage');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close claim' }));
  await closed();
  expect(calls.find((call) => call.method === 'POST')).toMatchObject({
    url: '/api/warranty-claims/w1/advance',
    body: { to: 'closed', note: 'Water damage' },
  });
});
