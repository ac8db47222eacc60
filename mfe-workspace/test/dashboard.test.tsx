import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi, type Reply } from '../../shared/test/mock-api';
import { currentLocation, renderAt, signInAs } from './helpers';

// MUI in jsdom on a shared 2-core machine: the default 5 s is too tight under load.
jest.setTimeout(30_000);

const days = Array.from({ length: 30 }, (_, n) => ({
  start: `2026-10-${String(n + 1).padStart(2, '0')}`,
  sales: n === 29 ? 3 : n === 0 ? 1 : 0,
  total: n === 29 ? 2000.5 : n === 0 ? 500 : 0,
}));
const weeks = Array.from({ length: 12 }, (_, n) => ({
  start: `2026-08-${String(n + 1).padStart(2, '0')}`,
  sales: 2,
  total: 1000,
}));
const dashboard = {
  stock: {
    held: 1234,
    byLocation: [
      { locationId: 'l1', locationName: 'Main Warehouse', items: 1000 },
      { locationId: 'l2', locationName: 'Downtown Store', items: 234 },
    ],
    byStatus: [
      { status: 'in_stock', items: 1200 },
      { status: 'in_process', items: 34 },
      { status: 'sold', items: 70 },
    ],
  },
  salesPerDay: days,
  salesPerWeek: weeks,
  itemsInProcess: 34,
  warrantiesEndingIn30Days: 7,
  planUsage: {
    planName: 'Free',
    planType: 0,
    users: { used: 3, max: 5 },
    locations: { used: 2, max: 2 },
    storage: { used: 0, max: 104857600 },
  },
  firstSteps: { received: true, invited: true, labelsSet: true, sold: true },
  // The API may read the dashboard from a standby: the moment its figures hold (local 12:03:05).
  asOf: new Date(2026, 10, 26, 12, 3, 5).toISOString(),
};
const OWNER = ['items.view', 'items.receive', 'reports.view', 'dashboard.view'];

function api({
  answer = () => ({ status: 200, data: dashboard }),
  permissions = OWNER,
}: {
  answer?: () => Reply;
  permissions?: string[];
} = {}) {
  return mockApi((config) => {
    if (config.url === '/api/dashboard') return answer();
    if (config.url === '/api/access')
      return { status: 200, data: { roles: [], permissions, transactionTypeIds: [], allTransactionTypes: false } };
    if (config.url === '/api/statuses') return { status: 200, data: { items: [] } };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

beforeEach(async () => {
  signInAs(ROLES.companyOwner);
  await act(() => i18n.changeLanguage('en'));
});

const card = (name: string) => screen.getByRole('region', { name });
/** The number printed next to a chart for one of its bars or slices. */
const figureOf = (region: HTMLElement, label: string) =>
  within(region)
    .getAllByText(label)
    .find((element) => element.tagName === 'DT')?.nextElementSibling?.textContent;

describe('/dashboard', () => {
  it('shows the stock, process, warranty and sales figures of the API, in the user’s numbers', async () => {
    api();
    renderAt('/dashboard');
    // The first render loads the page's chunk (compiled on first use here): give it time.
    expect(
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      within(await screen.findByRole('region', { name: 'Items in stock' })).getByText('1,234'),
    ).toBeInTheDocument();
    expect(within(card('Items in process')).getByText('34')).toBeInTheDocument();
    expect(within(card('Items in process')).getByRole('link', { name: 'See them' })).toHaveAttribute(
      'href',
      '/item-status/item-manager?status=in_process',
    );
    expect(within(card('Warranties ending in 30 days')).getByText('7')).toBeInTheDocument();
    // 30 days: 1 + 3 sales, 500 + 2,000.50
    expect(within(card('Sales in the last 30 days')).getByText('$2,500.50')).toBeInTheDocument();
    expect(within(card('Sales in the last 30 days')).getByText('4 sales')).toBeInTheDocument();
    // The charts' numbers as text, next to the charts
    const byLocation = card('Stock by location');
    expect(figureOf(byLocation, 'Main Warehouse')).toBe('1,000');
    expect(figureOf(byLocation, 'Downtown Store')).toBe('234');
    expect(figureOf(card('Stock by status'), 'In process')).toBe('34');
    // Sold items are no longer stock.
    expect(within(card('Stock by status')).queryByText('Sold')).not.toBeInTheDocument();
    expect(await within(byLocation).findByRole('figure', { name: 'Stock by location' })).toBeInTheDocument();
    // How fresh the figures are, to the second.
    expect(screen.getByText('As of 12:03:05 PM')).toBeInTheDocument();
  });

  it('shows plan usage against the plan’s limits, and says when one is reached', async () => {
    api();
    renderAt('/dashboard');
    const plan = await screen.findByRole('region', { name: 'Plan usage' });
    expect(within(plan).getByText('Free')).toBeInTheDocument();
    expect(within(plan).getByRole('progressbar', { name: 'Users: 3 of 5' })).toHaveAttribute('aria-valuenow', '60');
    expect(within(plan).getByRole('progressbar', { name: 'Locations: 2 of 2' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(plan).getAllByText('At the limit')).toHaveLength(1);
  });

  it('switches sales to 12 weeks and keeps the choice in the URL', async () => {
    api();
    renderAt('/dashboard');
    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(within(sales).getByText('4 sales · $2,500.50')).toBeInTheDocument();
    await userEvent.click(within(sales).getByRole('button', { name: '12 weeks' }));
    expect(currentLocation()).toBe('/dashboard?sales=weeks');
    expect(within(sales).getByText('24 sales · $12,000.00')).toBeInTheDocument();
    expect(await within(sales).findByRole('figure', { name: 'Sales per week, last 12 weeks' })).toBeInTheDocument();
  });

  it('speaks Turkish with Turkish numbers', async () => {
    api();
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/dashboard');
    expect(
      within(await screen.findByRole('region', { name: 'Stoktaki ürünler' })).getByText('1.234'),
    ).toBeInTheDocument();
    expect(within(card('Son 30 gündeki satışlar')).getByText('$2.500,50')).toBeInTheDocument();
    expect(within(card('Plan kullanımı')).getByText('3 / 5')).toBeInTheDocument();
    expect(screen.getByText('12:03:05 itibarıyla')).toBeInTheDocument();
  });

  it('offers the first reception when there is no stock yet', async () => {
    api({
      answer: () => ({
        status: 200,
        data: { ...dashboard, stock: { held: 0, byLocation: [], byStatus: [] }, itemsInProcess: 0 },
      }),
    });
    renderAt('/dashboard');
    expect(await screen.findByText('No items yet — receive your first batch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Receive items' })).toHaveAttribute('href', '/actions/inventory-reception');
  });

  it('lists a new company’s first steps, links the ones left, and leaves once all are done', async () => {
    let firstSteps = { received: true, invited: false, labelsSet: false, sold: false };
    api({
      answer: () => ({ status: 200, data: { ...dashboard, firstSteps } }),
      permissions: [...OWNER, 'users.manage', 'items.sell'],
    });
    const { client } = renderAt('/dashboard');
    const steps = await screen.findByRole('region', { name: 'First steps' });
    expect(within(steps).getByText('3 steps left to get your shop going.')).toBeInTheDocument();
    // Done: no link; left and allowed: a link to the screen that does it; left but not allowed
    // (label settings need settings.manage): named, not linked.
    expect(within(steps).queryByRole('link', { name: 'Receive your first items' })).toBeNull();
    expect(within(steps).getByText('Receive your first items')).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Invite your team' })).toHaveAttribute(
      'href',
      '/settings/invitations',
    );
    expect(within(steps).queryByRole('link', { name: 'Set up your labels' })).toBeNull();
    expect(within(steps).getByRole('link', { name: 'Make your first sale' })).toHaveAttribute(
      'href',
      '/actions/rapid-sell',
    );

    firstSteps = { received: true, invited: true, labelsSet: true, sold: true };
    await act(async () => {
      await client.invalidateQueries({ queryKey: ['dashboard'] });
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Items in stock' })).toBeInTheDocument();
  });

  it('says a failed load in words and retries', async () => {
    let fail = true;
    api({
      answer: () => (fail ? { status: 500, data: { message: 'Database asleep' } } : { status: 200, data: dashboard }),
    });
    renderAt('/dashboard');
    expect(await screen.findByText('Database asleep')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('is forbidden to a user whose claims lack dashboard.view', async () => {
    const calls = api({
      permissions: ['items.view', 'reports.view'],
      answer: () => ({ status: 403, data: { message: 'Forbidden' } }),
    });
    renderAt('/dashboard');
    expect(
      await screen.findByText('Your role may not use this screen. Ask an Admin or the Company Owner if you need it.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/access')).toBe(true);
  });

  it('is forbidden when the API refuses, whatever the claims said a moment ago', async () => {
    api({ answer: () => ({ status: 403, data: { message: 'Forbidden' } }) });
    renderAt('/dashboard');
    expect(
      await screen.findByText('Your role may not use this screen. Ask an Admin or the Company Owner if you need it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
