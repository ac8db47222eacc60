import { startHostedSession } from '../src/auth/hosted-client';
import { session } from '../src/auth/session-store';
import { mockApi } from './mock-api';
import { makeToken } from './token';

// supabase-js is the largest library the sign-in page would run before it can be used; a
// visitor with no session has nothing for it to do. It starts when a session exists.

const createClient = jest.fn(() => ({
  auth: { onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }) },
}));
jest.mock('@supabase/supabase-js', () => ({ createClient: (...args: unknown[]) => createClient(...(args as [])) }));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  session.reload();
  createClient.mockClear();
  mockApi((config) =>
    config.url === '/api/environment'
      ? { status: 200, data: { mode: 'production', auth: { url: 'https://stockwise.example.com', key: 'k' } } }
      : { status: 404 },
  );
});

it('a visitor with no session does not start supabase-js at page load; a session appearing starts it', async () => {
  startHostedSession();
  await flush();
  await flush();
  expect(createClient).not.toHaveBeenCalled();
  // Signed in — here, or in another tab whose entries this page reads.
  session.setToken(makeToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  await flush();
  await flush();
  expect(createClient).toHaveBeenCalledTimes(1);
});
