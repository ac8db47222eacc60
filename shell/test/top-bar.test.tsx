import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, auth, ROLES, session, setLanguage } from '@stockwise/shared';
import { TopBar } from '../src/app/layout';
import { accessFor } from '../../shared/test/built-in-access';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';

const premiumSub = {
  status: 0,
  plan: {
    planId: 'p',
    planName: 'Premium Plan',
    planType: 1,
    monthlyPrice: 10,
    yearlyPrice: 100,
    maxUsers: 10,
    maxLocations: 10,
    stripePriceId: null,
    stripeYearlyPriceId: null,
  },
};
const freeSub = { status: 0, plan: { ...premiumSub.plan, planName: 'Free Plan', planType: 0 } };

/** The API, in-process: the subscription answer (or failure) and the user-update answer. */
function answer(subscription: unknown | 'fail', delayMs = 0) {
  api.defaults.adapter = async (config) => {
    await new Promise((r) => setTimeout(r, delayMs));
    if (config.url === '/api/subscription/current') {
      if (subscription === 'fail') {
        throw new Error('subscription service unavailable');
      }
      return { status: 200, data: subscription, statusText: '', headers: {}, config };
    }
    if (config.url === '/api/auth/updateuser') {
      return {
        status: 200,
        data: { ...JSON.parse(config.data as string), roles: [] },
        statusText: '',
        headers: {},
        config,
      };
    }
    throw new Error(`no answer for ${config.url}`);
  };
}

// The remotes' screen tables, read from their sources (what the page loads as each one's ./screens).
jest.mock('../src/mf/remotes', () => {
  const names = ['mfe_public', 'mfe_workspace', 'mfe_settings', 'mfe_billing'];
  return {
    preload: jest.fn(),
    REMOTE_NAMES: names,
    loadRemoteScreens: async (name: string) =>
      (await jest.requireActual<typeof import('./helpers')>('./helpers').remoteTables())[names.indexOf(name)],
  };
});
beforeAll(() => installMatchMedia(() => true));
beforeEach(() => {
  localStorage.clear();
  session.reload();
});

describe('top bar (spec §§2, 4, 6)', () => {
  it('shows Go Premium to a Company Owner on a free plan once the subscription has loaded', async () => {
    answer(freeSub, 30);
    act(() => session.setToken(tokenFor(ROLES.companyOwner)));
    renderWithProviders(<TopBar />);
    expect(screen.queryByRole('link', { name: /Go Premium/ })).not.toBeInTheDocument(); // still loading
    expect(await screen.findByRole('link', { name: /Go Premium/ })).toHaveAttribute('href', '/premium-purchase');
    expect(screen.queryByText('Premium User')).not.toBeInTheDocument();
  });

  it('shows the Pro badge and Premium User label, not Go Premium, to a premium owner', async () => {
    answer(premiumSub);
    act(() => session.setToken(tokenFor(ROLES.companyOwner)));
    renderWithProviders(<TopBar />);
    expect(await screen.findByText('Premium User')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Go Premium/ })).not.toBeInTheDocument();
  });

  it('treats a failed subscription fetch as not premium', async () => {
    answer('fail');
    act(() => {
      session.setToken(tokenFor(ROLES.companyOwner));
      session.setSubscription(premiumSub); // a stale cache must not win over the failure
    });
    renderWithProviders(<TopBar />);
    expect(await screen.findByRole('link', { name: /Go Premium/ })).toBeInTheDocument();
    expect(screen.queryByText('Pro')).not.toBeInTheDocument();
  });

  it.each([ROLES.admin, ROLES.storekeeper, ROLES.rapidSeller])('never shows Go Premium to %s', async (role) => {
    answer(freeSub);
    act(() => session.setToken(tokenFor(role)));
    renderWithProviders(<TopBar />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('link', { name: /Go Premium/ })).not.toBeInTheDocument();
  });

  it('keeps the language the user switches to on the server, for the mails it writes them', async () => {
    const sent: { url?: string; method?: string; body: unknown }[] = [];
    answer(freeSub);
    const subscription = api.defaults.adapter as (config: never) => Promise<unknown>;
    api.defaults.adapter = async (config) => {
      if (config.url === '/api/users/me/language') {
        sent.push({ url: config.url, method: config.method, body: JSON.parse(config.data as string) });
        return { status: 200, data: JSON.parse(config.data as string), statusText: '', headers: {}, config };
      }
      return subscription(config as never) as never;
    };
    act(() => session.setToken(tokenFor(ROLES.storekeeper)));
    renderWithProviders(<TopBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Türkçe' }));
    await waitFor(() =>
      expect(sent).toEqual([{ url: '/api/users/me/language', method: 'put', body: { language: 'tr' } }]),
    );
    await act(() => setLanguage('en'));
  });

  it("shows the user's name, the fallback word without one, and the tagline and Item Manager", async () => {
    answer(freeSub);
    act(() => session.setToken(tokenFor(ROLES.storekeeper)));
    const view = renderWithProviders(<TopBar />, { access: accessFor([ROLES.storekeeper]) });
    expect(screen.getByTestId('top-bar-user-name')).toHaveTextContent('User');
    expect(screen.getByText('Simplifying Inventory Management')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Item Manager' })).toHaveAttribute(
      'href',
      '/item-status/item-manager',
    );
    view.unmount();
    act(() => session.setUser({ userName: 'ada', firstName: 'Ada', lastName: 'Lovelace' }));
    renderWithProviders(<TopBar />);
    expect(screen.getByTestId('top-bar-user-name')).toHaveTextContent('Ada Lovelace');
  });

  it('offers Item Manager only to a role whose claims open it, as the drawer judges its entries', async () => {
    answer(freeSub);
    act(() => session.setToken(tokenFor(ROLES.accountManager)));
    // An Account Manager holds neither items.view nor reports.view: the Item Manager would refuse them.
    const view = renderWithProviders(<TopBar />, { access: accessFor([ROLES.accountManager]) });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('top-bar-user-name')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Item Manager' })).not.toBeInTheDocument();
    view.unmount();
    renderWithProviders(<TopBar />, { access: accessFor([ROLES.accountManager], { give: ['items.view'] }) });
    expect(await screen.findByRole('link', { name: 'Item Manager' })).toBeInTheDocument();
  });

  it('follows a profile save without a reload', async () => {
    answer(freeSub);
    act(() => {
      session.setToken(tokenFor(ROLES.storekeeper));
      session.setUser({ userName: 'ada', firstName: 'Ada', lastName: 'Lovelace' });
    });
    renderWithProviders(<TopBar />);
    await act(() =>
      auth.updateUser({
        firstName: 'Augusta',
        lastName: 'King',
        userName: 'ada',
        email: 'a@b.co',
        profilePictureUrl: null,
      }),
    );
    expect(screen.getByTestId('top-bar-user-name')).toHaveTextContent('Augusta King');
  });

  it('the account menu offers Edit Profile and Logout; Logout clears the session', async () => {
    answer(freeSub);
    act(() => {
      session.setToken(tokenFor(ROLES.storekeeper));
      session.setSubscription(freeSub);
    });
    renderWithProviders(<TopBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(['token', 'user', 'subscription'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
  });
});
