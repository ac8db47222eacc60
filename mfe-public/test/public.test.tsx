import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { session } from '@stockwise/shared';
import PublicRoutes from '../src/routes';
import { mockApi } from '../../shared/test/mock-api';

// The shared package's in-process API stand-in (the same axios instance the flows use).
let calls: { url: string; body: unknown }[] = [];
const EMBEDDED_PROVIDER = { google: null, oidc: { issuer: 'http://localhost/oidc', clientId: 'stockwise-local' } };
/** Answers the API; GET /api/auth/providers names the embedded provider unless `route` answers it. */
function answer(route: (url: string) => { status: number; data: unknown }, { ownProviders = false } = {}) {
  calls = mockApi((config) =>
    config.url === '/api/auth/providers' && !ownProviders
      ? { status: 200, data: EMBEDDED_PROVIDER }
      : route(config.url ?? ''),
  );
}

/** Renders the remote's routes at a path and waits for the page's own chunk to arrive. */
async function renderAt(path: string | { pathname: string; search?: string; state: unknown }, extra?: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading page</p>}>
          <Routes>
            <Route path="/*" element={<PublicRoutes />} />
            <Route path="/dashboard/default" element={<p>workspace</p>} />
            <Route path="/premium-purchase" element={<p>purchase</p>} />
          </Routes>
        </Suspense>
        {extra}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.queryByText('Loading page')).not.toBeInTheDocument());
  return result;
}

async function fillCompanyForm() {
  const fill = (label: string | RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);
  await fill('Company name', 'Acme');
  await fill('Industry', 'Retail');
  await fill('Phone', '555');
  await fill('First name', 'Ada');
  await fill('Last name', 'Lovelace');
  await fill('User name', 'ada');
  await fill('Email', 'ada@example.com');
  await fill(/^Password/, 'correct horse');
  await fill('Confirm password', 'correct horse');
}

beforeAll(() => {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
});
beforeEach(() => {
  localStorage.clear();
  session.reload();
  calls = [];
});

describe('landing page (spec §2)', () => {
  it('has the top bar links, the four tiles, the three-feature accordion and every footer link', async () => {
    await renderAt('/');
    const nav = screen.getAllByRole('navigation', { name: 'Primary' })[0]!;
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect([href('Home'), href('About'), href('Features'), href('Docs'), href('Contact')]).toEqual([
      '/',
      '/#about',
      '/#features',
      '/documentation',
      '/contact-us',
    ]);
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: /Get Started for Free/ })[0]).toHaveAttribute('href', '/register');
    for (const tile of ['Real-time Tracking', 'Report Automation', 'Full Integrations', 'Advanced Analytics']) {
      expect(screen.getByRole('heading', { name: tile })).toBeInTheDocument();
    }
    // The accordion is native <details>: each feature's title is the summary that opens it.
    for (const feature of ['Real Time Data Analytics', 'Secure & Safe', 'Multiple Platform']) {
      expect(screen.getByText(feature).closest('summary')).not.toBeNull();
    }
    const footer = screen.getByRole('contentinfo');
    for (const [name, to] of [
      ['About Us', '/#about'],
      ['Contact', '/contact-us'],
      ['Support', '/documentation'],
      ['Privacy Policy', '/privacy-policy'],
      ['Sign In', '/login'],
      ['Get Started for Free', '/register'],
      ['Pricing', '/pricing'],
      ['Documentation', '/documentation'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', to);
    }
    expect(within(footer).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('target', '_blank');
  });

  it('the mobile overlay menu repeats the links', async () => {
    await renderAt('/');
    // A native <details>: its summary opens it, with no script needed before the app boots.
    const toggle = screen.getByText('Open the menu').closest('summary')!;
    const menu = toggle.closest('details')!;
    expect(menu).not.toHaveAttribute('open');
    await userEvent.click(toggle);
    expect(menu).toHaveAttribute('open');
    for (const name of ['Home', 'About', 'Features', 'Docs', 'Contact', 'Sign In', 'Get Started for Free']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
  });
});

describe('sign-in flows', () => {
  it('login shows the server message on failure, and signs in to the default path', async () => {
    answer(() => ({ status: 401, data: { message: 'Invalid user name or password.' } }));
    await renderAt('/login');
    await userEvent.type(screen.getByLabelText('User name or email'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid user name or password.');

    answer((url) =>
      url === '/api/auth/login'
        ? { status: 200, data: { token: 'a.b.c', user: { userName: 'ada' } } }
        : { status: 200, data: { status: 0, plan: null } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('workspace')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('a.b.c');
  });

  it('the Google button follows GET /api/auth/providers, and says so when the API cannot tell', async () => {
    answer(
      (url) => (url === '/api/auth/providers' ? { status: 200, data: EMBEDDED_PROVIDER } : { status: 404, data: {} }),
      {
        ownProviders: true,
      },
    );
    const first = await renderAt('/login');
    // The embedded provider is a development stand-in, and the button says so (issue 8).
    const button = await screen.findByRole('button', { name: 'Development sign-in — not Google' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(calls.map((c) => c.url)).toContain('/api/auth/providers');
    first.unmount();

    answer(() => ({ status: 503, data: {} }), { ownProviders: true });
    await renderAt('/login');
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'An error occurred during Google login. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('an invitation link that is not valid shows the server message', async () => {
    answer(() => ({ status: 200, data: { valid: false, message: 'This invitation has been revoked.' } }));
    await renderAt('/register?invitationId=0b3f0a52-1c1d-4b4e-9a55-6a1c3e2f0d11');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has been revoked.');
    expect(calls[0]?.url).toBe('/api/auth/validate-invitation/0b3f0a52-1c1d-4b4e-9a55-6a1c3e2f0d11');
  });

  it('registering a company posts the spec §3 payload; the owner is asked to verify the email first', async () => {
    answer((url) =>
      url === '/api/auth/company-with-admin'
        ? {
            status: 201,
            data: {
              message: 'Your company has been created. We sent a link to ada@example.com to verify your email.',
              verificationRequired: true,
              email: 'ada@example.com',
            },
          }
        : { status: 200, data: { status: 0, plan: null } },
    );
    await renderAt('/register');
    await fillCompanyForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create company' }));
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('Check your email');
    expect(panel).toHaveTextContent(
      'Your company has been created. We sent a link to ada@example.com to verify your email.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Create company' })).toBeNull();
    expect(screen.queryByText('workspace')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.find((c) => c.url === '/api/auth/company-with-admin')?.body).toEqual({
      companyName: 'Acme',
      industry: 'Retail',
      phone: '555',
      firstName: 'Ada',
      lastName: 'Lovelace',
      userName: 'ada',
      email: 'ada@example.com',
      password: 'correct horse',
      withGoogle: false,
    });
  });

  it('registering from a purchase that must verify the email signs in back to the purchase', async () => {
    answer((url) =>
      url === '/api/auth/company-with-admin'
        ? { status: 201, data: { message: 'We sent a link.', verificationRequired: true, email: 'ada@example.com' } }
        : url === '/api/auth/login'
          ? { status: 200, data: { token: 'a.b.c', user: { userName: 'ada' } } }
          : { status: 200, data: { status: 0, plan: null } },
    );
    await renderAt({ pathname: '/register', state: { from: '/premium-purchase?plan=p1&billing=year' } });
    await fillCompanyForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create company' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Go to sign in' }));
    await userEvent.type(await screen.findByLabelText('User name or email'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('purchase')).toBeInTheDocument();
  });

  it('registering from a purchase returns to the purchase, not the dashboard', async () => {
    answer((url) =>
      url === '/api/auth/company-with-admin'
        ? {
            status: 200,
            data: { token: 'a.b.c', user: { userName: 'ada' }, message: 'Your company has been created.' },
          }
        : { status: 200, data: { status: 0, plan: null } },
    );
    await renderAt({ pathname: '/register', state: { from: '/premium-purchase?plan=p1&billing=year' } });
    await fillCompanyForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('purchase')).toBeInTheDocument();
  });

  it('a reset link that is invalid shows the server’s message and offers a new one', async () => {
    answer(() => ({
      status: 400,
      data: { message: 'This password reset link is invalid or has expired.', code: 'RESET_TOKEN_INVALID' },
    }));
    await renderAt('/reset-password?email=a%40b.co&token=t');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.queryByText('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('a reset link refused without a message shows the spec’s Turkish fallback', async () => {
    answer(() => ({ status: 400, data: {} }));
    await renderAt('/reset-password?email=a%40b.co&token=t');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.',
    );
  });
});

describe('contact form', () => {
  it('sends the message to the API and says so', async () => {
    answer(() => ({ status: 201, data: { id: '1', message: 'Thank you — your message has been sent.' } }));
    await renderAt('/contact-us');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you — your message has been sent.');
    expect(calls[0]).toMatchObject({
      url: '/api/contact',
      body: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
  });

  it('says clearly when it fails', async () => {
    answer(() => ({ status: 429, data: { message: 'You have sent several messages already.' } }));
    await renderAt('/contact-us');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent several messages already.');
  });
});
