import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { api, session } from '@stockwise/shared';
import type { Checkout, Environment, Plan } from '@stockwise/shared';
import BillingRoutes from '../src/routes';
import { FREE_USAGE, freeOverview } from './fixtures';

// Whole pages with their queries: slow on a loaded machine.
jest.setTimeout(30_000);

/**
 * The purchase with the Stripe adapter: Stripe's Embedded Checkout through @stripe/react-stripe-js,
 * with Stripe.js itself replaced (it cannot load here: js.stripe.com is out of reach). The mock
 * stands for what `loadStripe` resolves to; everything from @stripe/react-stripe-js on is real.
 */
const stripeModule = { evaluated: 0 };
const mounted: { clientSecret?: string; into?: HTMLElement }[] = [];
const loadStripe = jest.fn(async (_key: string): Promise<unknown> => ({
  elements: () => ({}),
  createToken: async () => ({}),
  createPaymentMethod: async () => ({}),
  confirmCardPayment: async () => ({}),
  createEmbeddedCheckoutPage: async (options: { clientSecret: string }) => {
    const record: { clientSecret?: string; into?: HTMLElement } = { clientSecret: options.clientSecret };
    mounted.push(record);
    return { mount: (into: HTMLElement) => (record.into = into), unmount: () => undefined, destroy: () => undefined };
  },
}));
jest.mock('@stripe/stripe-js/pure', () => {
  // Counts the evaluations of Stripe's loader: only the Stripe chunk imports it.
  stripeModule.evaluated += 1;
  return { loadStripe: (key: string) => loadStripe(key) };
});

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
const environment = (paymentProvider: Environment['paymentProvider']): Environment => ({
  mode: paymentProvider === 'local' ? 'development' : 'production',
  standIns: { signIn: false, payments: paymentProvider === 'local', mail: false, demoData: false },
  mail: true,
  payments: true,
  paymentProvider,
  auth: { url: 'http://localhost', key: 'sb_publishable_stockwise' },
});
const checkout = (provider: 'local' | 'stripe'): Checkout => ({
  checkoutId: 'c1',
  provider,
  url: provider === 'stripe' ? 'http://localhost/premium-purchase' : 'http://localhost/api/billing/checkout/c1',
  sessionId: 'cs_test_1',
  status: 'open',
  description: 'Premium (yearly)',
  amountCents: 29000,
  currency: 'usd',
  interval: 'year',
  publishableKey: provider === 'stripe' ? 'pk_test_1' : null,
  clientSecret: provider === 'stripe' ? 'cs_test_1_secret_x' : null,
});

let answers: Record<string, unknown> = {};
const posted: unknown[] = [];
const adapter = async (config: { url?: string; method?: string; data?: string }) => {
  if (config.method === 'post') posted.push(JSON.parse(config.data ?? 'null'));
  const data = answers[`${config.method?.toUpperCase()} ${config.url}`] ?? answers[config.url ?? ''];
  if (data === undefined) return Promise.reject(Object.assign(new Error('offline'), { config }));
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ownerToken = `${encode({ alg: 'HS256' })}.${encode({
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': ['Company Owner'],
  exp: 4102444800,
})}.sig`;

function renderPurchase() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/premium-purchase?plan=p&billing=yearly']}>
        <BillingRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.defaults.adapter = adapter as unknown as typeof api.defaults.adapter;
  answers = {
    '/api/subscription/plans': [PREMIUM],
    '/api/subscription/addons': [],
    '/api/subscription/current': { plan: { planType: 0, planName: 'Free Plan' } },
  };
  posted.length = 0;
  mounted.length = 0;
  loadStripe.mockClear();
  sessionStorage.clear();
  session.reload();
  session.setToken(ownerToken);
});
afterEach(() => session.clear());

// Runs first: the module registry is per file, so nothing has imported the Stripe chunk yet.
test('with the local checkout, paying never loads the Stripe chunk or Stripe.js', async () => {
  answers['/api/environment'] = environment('local');
  answers['POST /api/billing/checkout'] = checkout('local');
  renderPurchase();
  await userEvent.click(await screen.findByRole('button', { name: 'Pay $290' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(await screen.findByRole('button', { name: 'Opening the secure checkout…' })).toBeDisabled();
  expect(stripeModule.evaluated).toBe(0);
  expect(loadStripe).not.toHaveBeenCalled();
  expect(screen.queryByTestId('stripe-embedded-checkout')).toBeNull();
});

test('with Stripe, the pay step fetches the Stripe chunk early and paying mounts Embedded Checkout with the client secret', async () => {
  answers['/api/environment'] = environment('stripe');
  answers['POST /api/billing/checkout'] = checkout('stripe');
  renderPurchase();
  const pay = await screen.findByRole('button', { name: 'Pay $290' });
  // Read the order, the form's code arrives: loaded, but Stripe.js not asked for yet.
  await waitFor(() => expect(stripeModule.evaluated).toBe(1));
  expect(loadStripe).not.toHaveBeenCalled();

  await userEvent.click(pay);
  expect(posted[0]).toMatchObject({ kind: 'plan', planId: 'p', interval: 'year', amountCents: 29000 });
  const container = await screen.findByTestId('stripe-embedded-checkout');
  await waitFor(() => expect(mounted).toHaveLength(1));
  expect(loadStripe).toHaveBeenCalledWith('pk_test_1');
  expect(mounted[0]!.clientSecret).toBe('cs_test_1_secret_x');
  // react-stripe-js mounts Stripe's form inside our container.
  await waitFor(() => expect(mounted[0]!.into).toBeDefined());
  expect(container.contains(mounted[0]!.into!)).toBe(true);
  expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
});

test('when Stripe.js cannot load, the page says so instead of showing an empty form', async () => {
  answers['/api/environment'] = environment('stripe');
  // Another key: Stripe.js is loaded once per key and page, and the one above loaded.
  answers['POST /api/billing/checkout'] = { ...checkout('stripe'), publishableKey: 'pk_test_2' };
  loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
  renderPurchase();
  await userEvent.click(await screen.findByRole('button', { name: 'Pay $290' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The secure payment form could not be loaded.');
  expect(loadStripe).toHaveBeenCalledWith('pk_test_2');
  expect(mounted).toHaveLength(0);
});

test('an add-on bought with Stripe opens Embedded Checkout in a dialog on Plan & billing', async () => {
  answers['/api/environment'] = environment('stripe');
  answers['/api/subscription/addons'] = [
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
  answers['/api/billing/usage'] = FREE_USAGE;
  answers['/api/billing/overview'] = freeOverview('stripe');
  answers['POST /api/billing/checkout'] = {
    ...checkout('stripe'),
    description: 'Extra Users (5 seats)',
    interval: 'month',
    clientSecret: 'cs_test_addon_secret',
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/test-subscription-limit']}>
        <BillingRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: /^Buy Extra Users/ }));
  expect(posted.at(-1)).toMatchObject({ kind: 'addon', addonId: 'a1' });
  const dialog = await screen.findByRole('dialog', { name: 'Extra Users (5 seats)' });
  await waitFor(() => expect(mounted.at(-1)?.clientSecret).toBe('cs_test_addon_secret'));
  await waitFor(() => expect(dialog.contains(mounted.at(-1)!.into!)).toBe(true));
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
