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

function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
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

  it('leaves the other workspace routes saying the screen is coming', () => {
    mockApi(() => ({ status: 200, data: me }));
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
    expect(screen.getByText('This screen is coming soon.')).toBeInTheDocument();
  });
});
