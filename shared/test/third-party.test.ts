import { webcrypto } from 'node:crypto';
import { CallbackError, completeOidcSignIn, startOidcSignIn } from '../src/auth/third-party';
import { isUserName as isValidUserName } from '../src/validation/fields';
import { loadEnvironment, standInsInUse } from '../src/api/environment';
import { mockApi } from './mock-api';
import { makeToken } from './token';

const provider = { issuer: 'http://localhost/oidc', clientId: 'stockwise-local' };
const metadata = {
  authorization_endpoint: 'http://localhost/oidc/auth',
  token_endpoint: 'http://localhost/oidc/token',
};

function answerFetch(idToken?: string) {
  const fetchMock = jest.fn(async (url: string) => {
    const body = url.endsWith('/.well-known/openid-configuration') ? metadata : { id_token: idToken };
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

beforeAll(() => {
  // jsdom has getRandomValues but no SubtleCrypto: Node's Web Crypto stands in for the browser's.
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
});
beforeEach(() => sessionStorage.clear());

describe('the embedded provider flow (issue 8: nonce)', () => {
  it("sends the API's one-time nonce in the authorization request", async () => {
    answerFetch();
    const go = jest.fn();
    await startOidcSignIn(provider, { kind: 'login' }, 'server-nonce-1', go);
    const url = new URL(go.mock.calls[0][0] as string);
    expect(url.origin + url.pathname).toBe('http://localhost/oidc/auth');
    expect(url.searchParams.get('nonce')).toBe('server-nonce-1');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('comes back with the ID token and the intent that started it (connect finishes on /profile)', async () => {
    const go = jest.fn();
    answerFetch();
    await startOidcSignIn(provider, { kind: 'connect' }, 'n-2', go);
    const state = new URL(go.mock.calls[0][0] as string).searchParams.get('state');
    const idToken = makeToken({ nonce: 'n-2', email: 'ada@example.com' });
    answerFetch(idToken);
    await expect(completeOidcSignIn(`?code=c&state=${state}`)).resolves.toEqual({
      idToken,
      intent: { kind: 'connect' },
    });
  });

  it('refuses an ID token whose nonce is not the one sent, and says what the flow was for', async () => {
    const go = jest.fn();
    answerFetch();
    await startOidcSignIn(provider, { kind: 'invitation', invitationId: 'i1' }, 'n-3', go);
    const state = new URL(go.mock.calls[0][0] as string).searchParams.get('state');
    answerFetch(makeToken({ nonce: 'someone-elses' }));
    const error = await completeOidcSignIn(`?code=c&state=${state}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallbackError);
    expect(error).toMatchObject({ message: 'state', intent: { kind: 'invitation', invitationId: 'i1' } });
  });
});

describe('user names (issue 8: never an @)', () => {
  it.each([
    ['ada', true],
    ['ada.lovelace_1+x-y', true],
    ['ab', false],
    ['ada@example.com', false],
    ['ada lovelace', false],
  ])('%s → %s', (name, valid) => expect(isValidUserName(name)).toBe(valid));
});

describe('GET /api/environment', () => {
  const development = {
    mode: 'development',
    standIns: { signIn: true, payments: true, mail: true, demoData: false },
    mail: true,
    payments: true,
  };

  it('reads the environment and lists the stand-ins in use', async () => {
    const calls = mockApi(() => ({ status: 200, data: development }));
    const environment = await loadEnvironment();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/environment' });
    expect(standInsInUse(environment)).toEqual(['signIn', 'payments', 'mail']);
    expect(standInsInUse(undefined)).toEqual([]);
  });

  it('refuses an answer that is not an environment', async () => {
    mockApi(() => ({ status: 200, data: '<!doctype html>' }));
    await expect(loadEnvironment()).rejects.toThrow();
  });
});
