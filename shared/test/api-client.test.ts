import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, setSessionLostHandler } from '../src/api/client';
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
    const status =
      req.url?.includes('unauthorized') || req.url?.endsWith('/login') || req.url?.endsWith('/company-with-admin')
        ? 401
        : 200;
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
});
