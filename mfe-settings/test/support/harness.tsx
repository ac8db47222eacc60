import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { api, ROLE_CLAIM, session } from '@stockwise/shared';
import SettingsRoutes from '../../src/routes';

// The first render of a screen loads its lazy page chunk: on a busy machine that takes a while.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

export const COMPANY_ID = '11111111-1111-4111-8111-111111111111';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An (unsigned) token as the API issues it: the company and the roles are what the screens read. */
export function tokenFor(roles: string[], companyId = COMPANY_ID): string {
  return `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u1', company_id: companyId, [ROLE_CLAIM]: roles })}.sig`;
}

export function signIn(roles: string[] = ['Admin']) {
  session.setToken(tokenFor(roles));
  session.setUser({ userName: 'admin', firstName: 'Ada', lastName: 'Admin', roles });
}

// axios is @stockwise/shared's dependency, not this package's: its error class is taken at run
// time (the screens recognise the API's answers by it), typed by hand.
type Config = { method?: string; url?: string; data?: unknown; params?: Record<string, unknown> };
const { AxiosError } = jest.requireActual<{
  AxiosError: new (message: string, code: string, config: Config, request: null, response: unknown) => Error;
}>('axios');

export type Reply = { status: number; data?: unknown };
/** `query`: the call's query parameters (axios `params`), when it has any. */
export type Call = { method: string; url: string; body: unknown; query?: Record<string, unknown> };
export type Handler = (call: Call) => Reply | undefined;

/**
 * The page's API client answered in-process: `handler` gets every call (method, url, body) and
 * answers it; an unanswered call is a 404. Every call is recorded.
 */
export function mockApi(handler: Handler) {
  const calls: Call[] = [];
  const adapter = async (config: Config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      ...(config.params ? { query: config.params } : {}),
    };
    calls.push(call);
    const reply = handler(call) ?? { status: 404, data: { statusCode: 404, message: 'Not found.' } };
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
  api.defaults.adapter = adapter as unknown as typeof api.defaults.adapter;
  return calls;
}

/** An API error body as the API answers it. */
export const refusal = (status: number, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  data: { statusCode: status, error: 'Error', message, ...extra },
});

export function renderAt(path: string, extra?: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SettingsRoutes />
        {extra}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}
