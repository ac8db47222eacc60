import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { api } from '../src/api/client';
import { ACCESS_QUERY_KEY, ACCESS_RETRY_MS, useAccess, type MyAccess } from '../src/auth/access';
import { session } from '../src/auth/session-store';
import { addTranslations } from '../src/i18n';
import { ScreenRoutes, type Screen } from '../src/ui/screens';
import { accessFor } from './built-in-access';
import { mockApi } from './mock-api';

// Every screen of a remote's table sits behind the guard its row declares: a user whose claims do
// not open it is told so, with the way back, and never sees the page (a form that would fail).

addTranslations('guarded', {
  en: { sell: 'Rapid Sell', tasks: 'My Tasks' },
  tr: { sell: 'Hızlı Satış', tasks: 'Görevlerim' },
});

/** A page that asks about a claim of its own (a button it offers only to some), as real screens do. */
function HistoryPage() {
  const access = useAccess();
  return <p>{access.can('customers.view') ? 'History with totals' : 'History'}</p>;
}

const SCREENS: Screen[] = [
  { path: 'actions/rapid-sell', title: 'sell', claims: ['items.sell'], page: () => <form aria-label="Sale" /> },
  { path: 'customers/history', title: 'tasks', claims: ['customers.view'], page: HistoryPage },
  { path: 'my-tasks', title: 'tasks', page: () => <p>Your tasks</p> },
];

function renderAt(path: string, access?: MyAccess) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (access) client.setQueryData(ACCESS_QUERY_KEY, access);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ScreenRoutes screens={SCREENS} namespace="guarded" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => session.setToken('header.e30.sig'));

describe('a screen’s guard, from its row in the screen table', () => {
  it('shows the page to a user whose claims open it', () => {
    renderAt('/actions/rapid-sell', accessFor(['Rapid Seller']));
    expect(screen.getByRole('form', { name: 'Sale' })).toBeInTheDocument();
  });

  it('refuses a user whose role lost the claim: the title, why, and the way back — no form', () => {
    renderAt('/actions/rapid-sell', accessFor(['Rapid Seller'], { take: ['items.sell'] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Rapid Sell' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('form', { name: 'Sale' })).not.toBeInTheDocument();
  });

  it('opens a screen to a custom role given the claim (claims, not role names)', () => {
    renderAt('/actions/rapid-sell', accessFor(['Counter Staff'], { give: ['items.sell'] }));
    expect(screen.getByRole('form', { name: 'Sale' })).toBeInTheDocument();
  });

  it('offers nothing while the answer is on its way, and needs none for a screen without claims', () => {
    // GET /api/access never answers here.
    api.defaults.adapter = () => new Promise(() => undefined);
    renderAt('/actions/rapid-sell');
    expect(screen.queryByRole('form', { name: 'Sale' })).not.toBeInTheDocument();
    renderAt('/my-tasks');
    expect(screen.getByText('Your tasks')).toBeInTheDocument();
  });

  it('leaves the decision to the API when the answer cannot be read', async () => {
    mockApi(() => new Error('offline'));
    renderAt('/actions/rapid-sell');
    expect(await screen.findByRole('form', { name: 'Sale' })).toBeInTheDocument();
  });

  it('a page that asks about access itself stays on screen when the answer cannot be read: it is not asked again and again', async () => {
    const calls = mockApi(() => ({ status: 500, data: { message: 'down' } }));
    renderAt('/customers/history');
    const page = await screen.findByText('History');
    // Every mount of the page asked again, and each ask put the guard back to waiting: the page
    // was taken off the screen and mounted again, without end.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/access')).toHaveLength(1);
  });

  it('asks again on a clock while the answer cannot be read, and offers what the claims open once it comes', async () => {
    // The clock runs as usual (the screen's own waits), and is moved on past the retry's wait.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let down = true;
      const calls = mockApi(() =>
        down ? { status: 503, data: { message: 'down' } } : { status: 200, data: accessFor(['Company Owner']) },
      );
      renderAt('/customers/history');
      const page = await screen.findByText('History');
      expect(calls.filter((call) => call.url === '/api/access')).toHaveLength(1);
      down = false;
      await act(() => jest.advanceTimersByTimeAsync(ACCESS_RETRY_MS));
      expect(await screen.findByText('History with totals')).toBeInTheDocument();
      // The same page, never taken off the screen while it was asked again.
      expect(page).toHaveTextContent('History with totals');
      expect(calls.filter((call) => call.url === '/api/access')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
