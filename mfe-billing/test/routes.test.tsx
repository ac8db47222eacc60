import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { api, i18n, session, setLanguage } from '@stockwise/shared';
import type { Addon, Plan } from '@stockwise/shared';
import BillingRoutes from '../src/routes';
import { FREE_USAGE, freeOverview } from './fixtures';

const FREE: Plan = {
  planId: 'f',
  planName: 'Free Plan',
  planType: 0,
  monthlyPrice: 0,
  yearlyPrice: 0,
  maxUsers: 3,
  maxLocations: 1,
  stripePriceId: null,
  stripeYearlyPriceId: null,
};
const PREMIUM: Plan = {
  planId: 'p',
  planName: 'Premium Plan',
  planType: 1,
  monthlyPrice: 29,
  yearlyPrice: 290,
  maxUsers: 25,
  maxLocations: 20,
  stripePriceId: 'pm',
  stripeYearlyPriceId: 'py',
};
const ADDONS: Addon[] = [
  {
    addonId: 'a1',
    addonName: 'Extra Users (5 seats)',
    type: 'users',
    price: 10,
    billingPeriod: 'month',
    stripePriceId: null,
    units: 5,
  },
];

let answers: Record<string, unknown> = {};
/** The shared axios client answers from `answers` (no network): unknown paths fail like an outage. */
const adapter = async (config: { url?: string }) => {
  const data = answers[config.url ?? ''];
  if (data === undefined) return Promise.reject(Object.assign(new Error('offline'), { config }));
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BillingRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.defaults.adapter = adapter as unknown as typeof api.defaults.adapter;
  answers = { '/api/subscription/plans': [FREE, PREMIUM], '/api/subscription/addons': ADDONS };
  sessionStorage.clear();
  localStorage.clear();
});

describe('/pricing', () => {
  it('shows the plans with " Plan" stripped, the yearly discount badge and saving, and the add-ons', async () => {
    renderAt('/pricing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Simple pricing that grows with you' }),
    ).toBeInTheDocument();
    const premium = await screen.findByRole('article', { name: 'Premium' });
    expect(within(premium).getByRole('heading', { name: 'Premium' })).toBeInTheDocument();
    expect(within(premium).getByText('$290')).toBeVisible();
    expect(within(premium).getByText('$29')).not.toBeVisible();
    expect(within(premium).getByTestId('discount-badge')).toHaveTextContent('Save 17%');
    expect(within(premium).getByText('You save $58 a year')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Free' })).toBeInTheDocument();
    expect(await screen.findByText('Extra Users (5 seats)')).toBeInTheDocument();

    // The switch is a pair of native radios (it works before the app runs, issue 27).
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(premium).getByText('$29')).toBeVisible();
    expect(within(premium).getByText('$290')).not.toBeVisible();
    expect(within(premium).getByTestId('discount-badge')).not.toBeVisible();
  });

  it('chooses the billing the switch shows, also when it was switched before the app ran', async () => {
    renderAt('/pricing');
    const premium = await screen.findByRole('article', { name: 'Premium' });
    // A visitor of the prerendered page flips the native radio before React owns it: no event
    // reached the app, the radio itself says monthly.
    (screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked = true;
    expect(within(premium).getByText('$29')).toBeVisible();
    await userEvent.click(within(premium).getByRole('button', { name: 'Choose Premium' }));
    expect(JSON.parse(sessionStorage.getItem('stockwise.planSelection') ?? 'null')).toMatchObject({
      selectedBilling: 'monthly',
      monthly: { actualPrice: 2900 },
    });
  });

  it('shows no badge when yearly is not cheaper than 12 months', async () => {
    answers['/api/subscription/plans'] = [FREE, { ...PREMIUM, yearlyPrice: 348 }];
    renderAt('/pricing');
    const premium = await screen.findByRole('article', { name: 'Premium' });
    expect(within(premium).getByText('$348')).toBeInTheDocument();
    expect(screen.queryByTestId('discount-badge')).toBeNull();
    expect(screen.queryByText(/Save \d+%/)).toBeNull();
  });

  it('says "Plans not available" when no Premium plan exists, or the fetch fails', async () => {
    answers['/api/subscription/plans'] = [FREE];
    const { unmount } = renderAt('/pricing');
    expect(await screen.findByText('Plans not available')).toBeInTheDocument();
    unmount();
    delete answers['/api/subscription/plans'];
    renderAt('/pricing');
    expect(await screen.findByText('Plans not available')).toBeInTheDocument();
  });
});

describe('/pricing for a signed-in owner', () => {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  beforeEach(() => {
    session.reload();
    session.setToken(
      `${encode({ alg: 'HS256' })}.${encode({
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': ['Company Owner'],
        exp: 4102444800,
      })}.sig`,
    );
  });
  afterEach(() => session.clear());

  it('reads the plans inside the workspace and goes straight to the purchase, not through registration', async () => {
    renderAt('/pricing');
    const premium = await screen.findByRole('article', { name: 'Premium' });
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    await userEvent.click(within(premium).getByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByTestId('purchase-price')).toHaveTextContent('$290');
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
  });

  it('offers a signed-in owner the upgrade, not a free start: Free is their current plan; a Premium owner is on Premium', async () => {
    act(() => session.setSubscription({ status: 0, plan: FREE }));
    const { unmount } = renderAt('/pricing');
    const free = await screen.findByRole('article', { name: 'Free' });
    expect(within(free).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start for free' })).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Choose Premium' }),
    ).toBeEnabled();
    unmount();

    act(() => session.setSubscription({ status: 0, plan: PREMIUM }));
    renderAt('/pricing');
    const premium = await screen.findByRole('article', { name: 'Premium' });
    expect(within(premium).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(within(screen.getByRole('article', { name: 'Free' })).getByRole('button')).toBeDisabled();
  });
});

describe('/premium-purchase', () => {
  it('takes the plan and billing from the URL, keeps them for a reload, and shows the guarantee', async () => {
    const first = renderAt('/premium-purchase?plan=p&billing=yearly');
    expect(await screen.findByTestId('purchase-price')).toHaveTextContent('$290');
    expect(screen.getByTestId('guarantee')).toHaveTextContent('Cancel anytime • 30-day money back guarantee');
    expect(screen.getByTestId('discount-badge')).toHaveTextContent('Save 17%');
    // Signed out: registration first, then back here.
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    first.unmount();

    // A reload without the query string: the kept selection (sessionStorage) is used.
    renderAt('/premium-purchase');
    expect(await screen.findByTestId('purchase-price')).toHaveTextContent('$290');
    expect(JSON.parse(sessionStorage.getItem('stockwise.planSelection')!)).toMatchObject({
      id: 'p',
      name: 'Premium',
      selectedBilling: 'yearly',
      billingInterval: 'year',
      yearly: { actualPrice: 29000, discountPercent: 17, savings: 58, originalPrice: 348 },
      monthly: { actualPrice: 2900 },
    });
  });

  it('monthly shows no discount badge', async () => {
    renderAt('/premium-purchase?plan=p&billing=monthly');
    expect(await screen.findByTestId('purchase-price')).toHaveTextContent('$29');
    expect(screen.queryByTestId('discount-badge')).toBeNull();
  });

  it('after a canceled checkout it shows the plans again', async () => {
    renderAt('/premium-purchase?checkout=canceled');
    expect(await screen.findByText(/Checkout canceled/)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Premium' })).toBeInTheDocument();
  });
});

describe('/premium-purchase when the server cannot take payments (issue 8)', () => {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const ownerToken = `${encode({ alg: 'HS256' })}.${encode({
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': ['Company Owner'],
    exp: 4102444800,
  })}.sig`;
  const environment = (payments: boolean) => ({
    mode: 'production',
    standIns: { signIn: false, payments: false, mail: false, demoData: false },
    mail: true,
    payments,
  });

  beforeEach(() => {
    session.reload();
    session.setToken(ownerToken);
  });
  afterEach(() => session.clear());

  it('says payments are not configured instead of offering to pay', async () => {
    answers['/api/environment'] = environment(false);
    renderAt('/premium-purchase?plan=p&billing=yearly');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payments are not configured on this server, so Premium cannot be bought here yet.',
    );
    expect(screen.getByTestId('purchase-price')).toHaveTextContent('$290');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('Plan & billing offers no add-on purchase either', async () => {
    answers['/api/environment'] = environment(false);
    answers['/api/billing/usage'] = FREE_USAGE;
    answers['/api/billing/overview'] = freeOverview('stripe');
    renderAt('/test-subscription-limit');
    expect(
      await screen.findByText('Payments are not configured on this server, so add-ons cannot be bought here yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
  });

  it('shows the images stored against the plan’s storage', async () => {
    answers['/api/environment'] = environment(false);
    answers['/api/billing/usage'] = { ...FREE_USAGE, storage: { used: 12.5 * 1024 * 1024, max: 100 * 1024 * 1024 } };
    answers['/api/billing/overview'] = freeOverview('stripe');
    renderAt('/test-subscription-limit');
    const card = await screen.findByLabelText('Image storage');
    expect(await within(card).findByText('12.5 MB of 100 MB')).toBeInTheDocument();
    expect(within(card).getByText('Item photos, the company logo and profile pictures')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('says in Turkish too when the images fill the storage, and how to make room', async () => {
    answers['/api/environment'] = environment(false);
    answers['/api/billing/usage'] = { ...FREE_USAGE, storage: { used: 100 * 1024 * 1024, max: 100 * 1024 * 1024 } };
    answers['/api/billing/overview'] = freeOverview('stripe');
    await setLanguage('tr');
    try {
      renderAt('/test-subscription-limit');
      const full = await screen.findByLabelText('Görsel depolama');
      expect(await within(full).findByText('100 MB içinden 100 MB')).toBeInTheDocument();
      expect(within(full).getByRole('alert')).toHaveTextContent(/daha fazla alan için Premium’a geçin/);
    } finally {
      await setLanguage('en');
    }
  });

  it('offers to pay when payments work', async () => {
    answers['/api/environment'] = environment(true);
    renderAt('/premium-purchase?plan=p&billing=yearly');
    expect(await screen.findByRole('button', { name: 'Pay $290' })).toBeEnabled();
    expect(screen.queryByText(/Payments are not configured/)).toBeNull();
  });
});

describe('Plan & billing history', () => {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const ownerToken = `${encode({ alg: 'HS256' })}.${encode({
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': ['Company Owner'],
    exp: 4102444800,
  })}.sig`;
  // Two tabs: the first checkout expired when the second opened; a payment that reached the
  // provider all the same was refunded.
  const history = {
    ...freeOverview('stripe'),
    payments: [
      {
        id: 'p2',
        description: '1 × Premium (yearly)',
        amountCents: 29000,
        currency: 'usd',
        status: 'refunded',
        periodEnd: null,
        createdAt: '2026-11-25T10:05:00Z',
      },
      {
        id: 'p1',
        description: '1 × Premium (yearly)',
        amountCents: 29000,
        currency: 'usd',
        status: 'paid',
        periodEnd: '2027-11-25T10:00:00Z',
        createdAt: '2026-11-25T10:00:00Z',
      },
    ],
    checkouts: [
      {
        id: 'c2',
        description: 'Premium (yearly)',
        amountCents: 29000,
        currency: 'usd',
        status: 'completed',
        createdAt: '2026-11-25T09:59:00Z',
      },
      {
        id: 'c1',
        description: 'Premium (yearly)',
        amountCents: 29000,
        currency: 'usd',
        status: 'expired',
        createdAt: '2026-11-25T09:58:00Z',
      },
    ],
  };

  beforeEach(() => {
    session.reload();
    session.setToken(ownerToken);
    answers['/api/billing/usage'] = FREE_USAGE;
    answers['/api/billing/overview'] = history;
  });
  afterEach(async () => {
    session.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows a refunded payment and an expired checkout, and why', async () => {
    renderAt('/test-subscription-limit');
    const payments = await screen.findByRole('table', { name: 'Payments' });
    expect(within(payments).getByRole('row', { name: /Premium \(yearly\) \$290 Refunded/ })).toBeInTheDocument();
    expect(within(payments).getByRole('row', { name: /Premium \(yearly\) \$290 Paid/ })).toBeInTheDocument();
    expect(
      screen.getByText('A payment that arrived for a period already paid is refunded to the card it came from.'),
    ).toBeInTheDocument();
    const checkouts = screen.getByRole('table', { name: 'Checkouts' });
    expect(within(checkouts).getByRole('row', { name: /Premium \(yearly\) \$290 Expired/ })).toBeInTheDocument();
    expect(within(checkouts).getByRole('row', { name: /Premium \(yearly\) \$290 Completed/ })).toBeInTheDocument();
    expect(screen.getByText(/A checkout expires when a newer one is opened for the same purchase/)).toBeInTheDocument();
  });

  it('in Turkish', async () => {
    await act(() => i18n.changeLanguage('tr'));
    renderAt('/test-subscription-limit');
    const payments = await screen.findByRole('table', { name: 'Ödemeler' });
    expect(within(payments).getByText('İade edildi')).toBeInTheDocument();
    const checkouts = screen.getByRole('table', { name: 'Ödeme oturumları' });
    expect(within(checkouts).getByText('Süresi doldu')).toBeInTheDocument();
  });
});

describe('/test-subscription-limit signed out', () => {
  it("lists each plan's limits and what the add-ons add", async () => {
    renderAt('/test-subscription-limit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plan limits' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Free 3 1 Free/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Premium 25 20/ })).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /Extra Users \(5 seats\) \+5/ })).toBeInTheDocument();
  });
});

it('renders nothing for a path it does not own (the shell shows not-found)', () => {
  const { container } = renderAt('/elsewhere');
  expect(container).toBeEmptyDOMElement();
});
