import { act, screen } from '@testing-library/react';
import { ROLES, session } from '@stockwise/shared';
import { AppRoutes } from '../src/app/AppRoutes';
import { DEFAULT_PATH } from '../src/app/guards';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';

// The remotes are stood in for by a page that names the path it was mounted at; the layout
// by a frame that says it is there. What is under test is which path the user ends up on.
jest.mock('../src/features/remotes', () => {
  const { useLocation } = jest.requireActual('react-router-dom');
  return {
    RemoteMount: ({ name }: { name: string }) => {
      const { pathname } = useLocation();
      return <p data-testid="page">{`${name} ${pathname}`}</p>;
    },
    RemoteLoading: () => <p>Loading</p>,
  };
});
jest.mock('../src/app/layout/AppLayout', () => ({
  AppLayout: ({ children }: { children: unknown }) => <div data-testid="chrome">{children as never}</div>,
}));

beforeAll(() => installMatchMedia());
beforeEach(() => {
  localStorage.clear();
  session.reload();
});

const signIn = (...roles: string[]) => act(() => session.setToken(tokenFor(...roles)));
// The signed-in frame is a lazy chunk: wait for the page rather than read it at once.
const landedOn = async () => (await screen.findByTestId('page')).textContent;

describe('routes and guards (spec §2)', () => {
  it.each(['/', '/login', '/register', '/forgot-password', '/reset-password', '/privacy-policy', '/documentation'])(
    'a visitor sees the public page %s',
    async (path) => {
      renderWithProviders(<AppRoutes />, { path });
      expect(await landedOn()).toBe(`mfe_public ${path}`);
      expect(screen.queryByTestId('chrome')).not.toBeInTheDocument();
    },
  );

  it.each(['/login', '/register', '/forgot-password', '/reset-password', '/privacy-policy', '/documentation'])(
    'a signed-in visitor of the public-only page %s goes to /dashboard (an owner stays there)',
    async (path) => {
      signIn(ROLES.companyOwner);
      renderWithProviders(<AppRoutes />, { path });
      expect(await landedOn()).toBe('mfe_workspace /dashboard');
    },
  );

  it('signed in on /login, sent there from a purchase, goes back to the purchase, not to /dashboard', async () => {
    signIn(ROLES.companyOwner);
    renderWithProviders(<AppRoutes />, { path: '/login', state: { from: '/premium-purchase' } });
    expect(await landedOn()).toContain('/premium-purchase');
  });

  it('a signed-in non-owner sent to /dashboard ends on /my-tasks', async () => {
    signIn(ROLES.storekeeper);
    renderWithProviders(<AppRoutes />, { path: '/login' });
    expect(await landedOn()).toBe('mfe_workspace /my-tasks');
  });

  it.each(['/pricing', '/premium-purchase', '/test-subscription-limit', '/contact-us'])(
    '%s is open to visitors and users alike',
    async (path) => {
      renderWithProviders(<AppRoutes />, { path });
      expect(await landedOn()).toContain(path);
      signIn(ROLES.rapidSeller);
      renderWithProviders(<AppRoutes />, { path });
      expect(screen.getAllByTestId('page').at(-1)?.textContent).toContain(path);
    },
  );

  it.each(['/my-tasks', '/profile', '/settings/company', '/actions/rapid-sell', '/contact', '/dashboard'])(
    'the workspace page %s sends a visitor to /login',
    async (path) => {
      renderWithProviders(<AppRoutes />, { path });
      expect(await landedOn()).toBe('mfe_public /login');
    },
  );

  it('/ sends a Company Owner to /dashboard and anyone else to /my-tasks', async () => {
    signIn(ROLES.companyOwner);
    const first = renderWithProviders(<AppRoutes />, { path: '/' });
    expect(await landedOn()).toBe('mfe_workspace /dashboard');
    first.unmount();
    signIn(ROLES.admin);
    renderWithProviders(<AppRoutes />, { path: '/' });
    expect(await landedOn()).toBe('mfe_workspace /my-tasks');
  });

  it('/dashboard is owner-only: an Admin goes to /my-tasks', async () => {
    signIn(ROLES.admin);
    renderWithProviders(<AppRoutes />, { path: '/dashboard' });
    expect(await landedOn()).toBe('mfe_workspace /my-tasks');
  });

  it('/dashboard/default (the default path after sign-in) goes to /dashboard', async () => {
    expect(DEFAULT_PATH).toBe('/dashboard/default');
    signIn(ROLES.companyOwner);
    renderWithProviders(<AppRoutes />, { path: DEFAULT_PATH });
    expect(await landedOn()).toBe('mfe_workspace /dashboard');
    expect(screen.getByTestId('chrome')).toBeInTheDocument();
  });

  it('an unknown path gets a real not-found page', () => {
    renderWithProviders(<AppRoutes />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { name: 'This page does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('workspace pages sit inside the chrome; public pages do not', async () => {
    signIn(ROLES.storekeeper);
    renderWithProviders(<AppRoutes />, { path: '/my-tasks' });
    expect(await screen.findByTestId('chrome')).toContainElement(screen.getByTestId('page'));
  });
});

describe('logout (spec §2: Logout goes to /)', () => {
  it('a workspace page whose session was just ended by Logout goes to /, not /login', async () => {
    signIn(ROLES.storekeeper);
    renderWithProviders(<AppRoutes />, { path: '/my-tasks' });
    act(() => session.clear());
    expect(await landedOn()).toBe('mfe_public /');
  });

  it('a workspace page whose token the API refused (a session ended from another device) goes to /, not /login', async () => {
    signIn(ROLES.storekeeper);
    renderWithProviders(<AppRoutes />, { path: '/dashboard' });
    act(() => session.clearCredentials());
    expect(await landedOn()).toBe('mfe_public /');
  });

  it('seconds after a session ended, a workspace page opened signed out goes to /login again', async () => {
    signIn(ROLES.storekeeper);
    act(() => session.clearCredentials());
    const later = Date.now() + 6000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      renderWithProviders(<AppRoutes />, { path: '/my-tasks' });
      expect(await landedOn()).toBe('mfe_public /login');
    } finally {
      clock.mockRestore();
    }
  });
});
