import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { events, session } from '@stockwise/shared';
import WorkspaceRoutes from '../src/routes';
import { mockApi } from '../../shared/test/mock-api';

/** An unsigned JWT-shaped token (the browser only reads claims; the API verifies). */
const makeToken = (claims: Record<string, unknown>) =>
  [{ alg: 'HS256', typ: 'JWT' }, claims]
    .map((part) => btoa(JSON.stringify(part)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .concat('signature')
    .join('.');

// The real supabase-js upload is driven in e2e/tests/profile.spec.ts; here, which folder it gets.
const uploadProfilePicture = jest.fn();
jest.mock('@stockwise/shared', () => ({
  ...jest.requireActual('@stockwise/shared'),
  uploadProfilePicture: (...args: unknown[]) => uploadProfilePicture(...args),
}));

const me = {
  id: 'u1',
  companyId: 'c1',
  userName: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profilePictureUrl: null,
  roles: ['Storekeeper'],
};

function renderProfile(entry: string | { pathname: string; state: unknown } = '/profile') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/*" element={<WorkspaceRoutes />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.reload();
  session.setToken('a.b.c');
});

describe('/profile (issue 4, point 9)', () => {
  it('edits the profile: saves through the API, refreshes the cached user and emits profile-updated', async () => {
    const calls = mockApi((config) =>
      config.method === 'put'
        ? { status: 200, data: { ...me, ...JSON.parse(config.data as string) } }
        : { status: 200, data: me },
    );
    const updated = jest.fn();
    const off = events.on('profile-updated', updated);
    renderProfile();
    const first = await screen.findByLabelText('First name');
    await screen.findByDisplayValue('Ada');
    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Save changes' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/auth/updateuser',
      body: {
        firstName: 'Augusta',
        lastName: 'Lovelace',
        userName: 'ada',
        email: 'ada@example.com',
        profilePictureUrl: null,
      },
    });
    expect(session.get().user).toMatchObject({ firstName: 'Augusta' });
    expect(updated).toHaveBeenCalled();
    off();
  });

  it('refuses a user name with @ (it could shadow an email at sign-in) and saves nothing', async () => {
    const calls = mockApi(() => ({ status: 200, data: me }));
    renderProfile();
    const userName = await screen.findByLabelText('User name');
    await screen.findByDisplayValue('ada');
    await userEvent.clear(userName);
    await userEvent.type(userName, 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use 3–100 letters, digits or . _ + - (no @).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('falls back to the cached user when the profile cannot be fetched', async () => {
    session.setUser({ userName: 'cached', firstName: 'Cached', lastName: 'Person', email: 'c@example.com' });
    mockApi(() => ({ status: 500, data: {} }));
    renderProfile();
    expect(await screen.findByText(/could not be refreshed/)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Cached')).toBeInTheDocument();
  });

  it('refuses a picture that is not an image before uploading', async () => {
    mockApi(() => ({ status: 200, data: me }));
    renderProfile();
    await screen.findByDisplayValue('Ada');
    const input = screen.getByLabelText('Upload a picture', { selector: 'input' });
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF image.');
  });

  it('uploads into the company folder named by the token when the cached user has only a user name', async () => {
    session.setToken(makeToken({ sub: 'u9', company_id: 'c9' }));
    session.setUser({ userName: 'Google User' });
    mockApi(() => ({ status: 503, data: {} }));
    uploadProfilePicture.mockResolvedValue({ publicUrl: 'http://localhost/storage/v1/object/public/x.png', path: 'x' });
    renderProfile();
    await screen.findByText(/could not be refreshed/);
    const input = screen.getByLabelText('Upload a picture', { selector: 'input' });
    await userEvent.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    await screen.findByRole('button', { name: 'Save changes' });
    expect(uploadProfilePicture).toHaveBeenCalledWith(expect.any(File), 'c9', 'u9');
  });

  it('serves the workspace’s other routes with their real screens (Item List is no longer coming soon)', async () => {
    mockApi((config) =>
      config.url === '/api/items' ? { status: 200, data: { items: [], nextCursor: null } } : { status: 200, data: me },
    );
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/reporting/item-list']}>
          <Routes>
            <Route path="/*" element={<WorkspaceRoutes />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Item List' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is coming soon.')).not.toBeInTheDocument();
  });
});

describe('profile picture failures (issue 8)', () => {
  /** supabase-js's StorageApiError: the HTTP status, and the Storage API's statusCode. */
  const storageError = (message: string, status: number, statusCode = String(status)) =>
    Object.assign(new Error(message), { name: 'StorageApiError', status, statusCode });

  it.each([
    [
      'a picture over the limit (413)',
      storageError('The object exceeded the maximum allowed size of 5 MB', 413),
      'The picture is too large. The limit is 5 MB.',
    ],
    ['hosted Supabase’s 413 inside a 400', storageError('Payload too large', 400, '413'), 'The picture is too large.'],
    [
      'a write the caller may not make (403)',
      storageError('new row violates row-level security policy', 403),
      'You may not upload this picture.',
    ],
    [
      'a type the bucket refuses (415)',
      storageError('Only PNG, JPEG, GIF and WebP images can be stored', 415),
      'This kind of file cannot be a profile picture. Choose a PNG, JPEG, WebP or GIF image.',
    ],
    [
      'another refusal: the server’s message',
      storageError('The resource already exists', 409),
      'The resource already exists',
    ],
    [
      'a server failure',
      storageError('Internal Server Error', 500),
      'The picture could not be uploaded. Please try again.',
    ],
    ['no answer at all', new TypeError('Failed to fetch'), 'The picture could not be uploaded. Please try again.'],
    [
      'no public URL (spec §5)',
      new Error('Could not get public URL for uploaded file'),
      'Could not get public URL for uploaded file',
    ],
  ])('%s', async (_case, error, shown) => {
    mockApi(() => ({ status: 200, data: me }));
    uploadProfilePicture.mockRejectedValue(error);
    renderProfile();
    await screen.findByDisplayValue('Ada');
    const input = screen.getByLabelText('Upload a picture', { selector: 'input' });
    await userEvent.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    if (shown !== 'Could not get public URL for uploaded file')
      expect(screen.getByRole('alert')).not.toHaveTextContent('Could not get public URL');
  });
});

describe('email change, user name, Connect Google (issue 8)', () => {
  const EMBEDDED = { google: null, oidc: { issuer: 'http://localhost/oidc', clientId: 'stockwise-local' } };
  /** The API: providers as given, the signed-in user, and `put`/`post` for the writes. */
  function answer({
    user = me as Record<string, unknown>,
    providers = EMBEDDED as unknown,
    put = (body: Record<string, unknown>) =>
      ({ status: 200, data: { ...user, ...body } }) as { status: number; data: unknown },
    post = () => ({ status: 200, data: { ...user, googleConnected: true } }) as { status: number; data: unknown },
  } = {}) {
    return mockApi((config) => {
      if (config.url === '/api/auth/providers') return { status: 200, data: providers };
      if (config.method === 'put') return put(JSON.parse(config.data as string));
      if (config.method === 'post') return post();
      return { status: 200, data: user };
    });
  }

  it('a new email waits for its link: the old one stays and the page says where the link went', async () => {
    answer({
      put: (body) => ({ status: 200, data: { ...me, ...body, email: me.email, pendingEmail: 'augusta@example.com' } }),
    });
    renderProfile();
    const email = await screen.findByDisplayValue('ada@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'augusta@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a link to augusta@example.com — your email changes when you open it.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(session.get().user).toMatchObject({ email: 'ada@example.com', pendingEmail: 'augusta@example.com' });
  });

  it('a user name may not contain @', async () => {
    const calls = answer();
    renderProfile();
    const userName = await screen.findByDisplayValue('ada');
    await userEvent.clear(userName);
    await userEvent.type(userName, 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use 3–100 letters, digits or . _ + - (no @).')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says "Google connected" when it is', async () => {
    answer({ user: { ...me, googleConnected: true } });
    renderProfile();
    expect(await screen.findByText('Google connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Connect/ })).toBeNull();
  });

  it('offers Connect Google — labelled as the development stand-in it is — and nothing when sign-in with Google is off', async () => {
    answer({ user: { ...me, googleConnected: false } });
    const view = renderProfile();
    expect(await screen.findByRole('button', { name: 'Connect development sign-in — not Google' })).toBeEnabled();
    view.unmount();
    answer({ user: { ...me, googleConnected: false }, providers: { google: null, oidc: null } });
    renderProfile();
    await screen.findByDisplayValue('Ada');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('heading', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Connect/ })).toBeNull();
  });

  it('finishes a Connect Google flow that came back from the provider: posts the ID token once, with the bearer', async () => {
    const calls = answer({ user: { ...me, googleConnected: false } });
    renderProfile({ pathname: '/profile', state: { connectGoogle: { idToken: 'id-token-1' } } });
    expect(await screen.findByText('Google connected')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      { method: 'POST', url: '/api/auth/connect-google', body: { idToken: 'id-token-1' }, auth: 'Bearer a.b.c' },
    ]);
    expect(session.get().user).toMatchObject({ googleConnected: true });
  });

  it("shows the server's message when Google cannot be connected", async () => {
    answer({
      user: { ...me, googleConnected: false },
      post: () => ({
        status: 409,
        data: { message: 'This Google account is already connected to another account.', code: 'GOOGLE_IN_USE' },
      }),
    });
    renderProfile({ pathname: '/profile', state: { connectGoogle: { idToken: 'id-token-2' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This Google account is already connected to another account.',
    );
    expect(screen.queryByText('Google connected')).toBeNull();
  });
});
