import { act, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@stockwise/shared';
import { DevelopmentBanner } from '../src/features/environment';
import { TopBar } from '../src/app/layout/TopBar';
import { installMatchMedia, renderWithProviders } from './helpers';
import { mockApi } from '../../shared/test/mock-api';

const development = {
  mode: 'development',
  standIns: { signIn: true, payments: true, mail: true, demoData: false },
  mail: true,
  payments: true,
};

function answer(environment: unknown) {
  return mockApi((config) =>
    config.url === '/api/environment' ? { status: 200, data: environment } : { status: 404, data: {} },
  );
}

beforeAll(() => installMatchMedia());
beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en');
});

describe('development banner (issue 8)', () => {
  it('says on every page that this is development, naming the stand-ins in use', async () => {
    const calls = answer(development);
    renderWithProviders(<DevelopmentBanner />);
    const banner = await screen.findByRole('region', { name: 'Development mode' });
    expect(banner).toHaveTextContent(
      'Development mode — sign-in, payments, and mail are stand-ins. Not for real users.',
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/environment']);
    // The mail stand-in's messages (a new account's verification link) are one click away.
    expect(within(banner).getByRole('link', { name: 'Read the mail it sent' })).toHaveAttribute(
      'href',
      '/api/dev/outbox',
    );
    // What the page pins to the top starts below the banner.
    expect(document.documentElement.style.getPropertyValue('--stockwise-pinned-banner-height')).toMatch(/px$/);
  });

  it('in Turkish too', async () => {
    answer({ ...development, standIns: { signIn: true, payments: false, mail: false, demoData: false } });
    await setLanguage('tr');
    renderWithProviders(<DevelopmentBanner />);
    expect(await screen.findByRole('region', { name: 'Geliştirme modu' })).toHaveTextContent(
      'Geliştirme modu — oturum açma gerçek değil',
    );
    // Without the mail stand-in there is no outbox to read.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing in production, or when the API cannot say', async () => {
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const calls = answer({ ...development, mode: 'production' });
    const first = renderWithProviders(<DevelopmentBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('region', { name: 'Development mode' })).toBeNull();
    first.unmount();
    mockApi(() => ({ status: 503, data: {} }));
    renderWithProviders(<DevelopmentBanner />);
    await settle();
    expect(screen.queryByRole('region', { name: 'Development mode' })).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--stockwise-pinned-banner-height')).toBe('');
  });

  it('the fixed top bar starts below the banner', () => {
    mockApi(() => ({ status: 200, data: { status: 0, plan: null } }));
    renderWithProviders(<TopBar />);
    expect(getComputedStyle(screen.getByRole('banner')).top).toBe('var(--stockwise-pinned-banner-height, 0px)');
  });
});
