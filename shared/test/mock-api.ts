import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../src/api/client';

export type Reply = { status: number; data?: unknown } | Error;
export type Route = (config: InternalAxiosRequestConfig) => Reply;

/** Answers the page's one API client in-process: each call goes to `route`, recorded in `calls`. */
export function mockApi(route: Route) {
  const calls: { method: string; url: string; body: unknown; auth: unknown }[] = [];
  api.defaults.adapter = async (config) => {
    calls.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      auth: config.headers?.Authorization,
    });
    const reply = route(config);
    if (reply instanceof Error) throw new AxiosError(reply.message, 'ERR_NETWORK', config);
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    }
    return response;
  };
  return calls;
}

/** Holds the answers to `url` (after mockApi) until the returned function is called: they come late. */
export function holdAnswers(url: string): () => void {
  const answer = api.defaults.adapter as (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  api.defaults.adapter = async (config) => {
    if (config.url === url) await held;
    return answer(config);
  };
  return release;
}
