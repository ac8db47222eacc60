import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, setAccessTokenSource, setSessionLostHandler, SIGN_IN_CALLS } from '../src/api/client';
import { session } from '../src/auth/session-store';

// A real HTTP server answers; jsdom's XMLHttpRequest (with its CORS checks) carries the calls.
let server: http.Server;
let baseURL = '';
const seen: { url?: string; auth?: string; type?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    seen.push({ url: req.url, auth: req.headers.authorization, type: req.headers['content-type'] });
    // Every sign-in call refuses (as a wrong password or an unusable Google account does).
    const status = req.url?.includes('unauthorized') || req.url?.startsWith('/api/auth/') ? 401 : 200;
    res.writeHead(status, { ...cors, 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: status === 200 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const client = () => createApiClient(baseURL);

describe('api client (spec §§7-8)', () => {
  const lost = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    session.reload();
    seen.length = 0;
    lost.mockReset();
    setSessionLostHandler(lost);
  });

  it('sends JSON and the stored bearer token', async () => {
    session.setToken('abc');
    await client().post('/api/company', { a: 1 });
    expect(seen[0]).toMatchObject({ auth: 'Bearer abc', type: 'application/json' });
  });

  it('sends the current token from the session’s owner, asked per call (a refreshed token is used at once)', async () => {
    session.setToken('stale');
    setAccessTokenSource(async () => 'refreshed');
    try {
      await client().get('/api/company');
    } finally {
      setAccessTokenSource(() => session.get().token);
    }
    expect(seen[0]?.auth).toBe('Bearer refreshed');
  });

  it('the environment, which the auth client reads before it can give a token, goes without one', async () => {
    session.setToken('abc');
    const source = jest.fn(() => 'abc');
    setAccessTokenSource(source);
    try {
      await client().get('/api/environment');
    } finally {
      setAccessTokenSource(() => session.get().token);
    }
    expect(seen[0]?.auth).toBeUndefined();
    expect(source).not.toHaveBeenCalled();
  });

  it('sends no Authorization header when signed out', async () => {
    await client().get('/api/subscription/plans');
    expect(seen[0]?.auth).toBeUndefined();
  });

  it('a 401 clears token and user and leaves the session', async () => {
    session.setToken('abc');
    session.setUser({ userName: 'ada' });
    await expect(client().get('/api/unauthorized')).rejects.toMatchObject({ response: { status: 401 } });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("login's and company-with-admin's 401s pass through untouched", async () => {
    session.setToken('abc');
    await expect(client().post('/api/auth/login', {})).rejects.toMatchObject({ response: { status: 401 } });
    await expect(client().post('/api/auth/company-with-admin', {})).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(lost).not.toHaveBeenCalled();
  });

  it('a failed Google sign-in (401, no token sent) is shown by the page: no sign-out, no reload to /', async () => {
    await expect(client().post('/api/auth/google-login', { idToken: 'x' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(seen[0]?.auth).toBeUndefined();
    expect(lost).not.toHaveBeenCalled();
  });

  it('a 401 to a call that carried no token ends nothing', async () => {
    session.setUser({ userName: 'visitor' });
    await expect(client().get('/api/unauthorized')).rejects.toMatchObject({ response: { status: 401 } });
    expect(lost).not.toHaveBeenCalled();
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('no sign-in call ends the session, even when a token was stored', async () => {
    session.setToken('abc');
    for (const call of SIGN_IN_CALLS) {
      await expect(client().post(call, {})).rejects.toMatchObject({ response: { status: 401 } });
    }
    expect(SIGN_IN_CALLS).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/google-login',
        '/api/auth/google-login-with-invitation',
        '/api/auth/company-with-admin',
        '/api/auth/register',
        '/api/auth/register-with-invitation',
        '/api/auth/reset-password',
      ]),
    );
    expect(localStorage.getItem('token')).toBe('abc');
    expect(lost).not.toHaveBeenCalled();
  });
});
