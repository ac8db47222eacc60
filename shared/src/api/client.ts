import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { session } from '../auth/session-store';

/** Calls whose 401 answers are not the session ending (spec §8). */
const PASS_THROUGH_401 = ['/api/auth/login', '/api/auth/company-with-admin'];

export type SessionLostHandler = () => void;

let onSessionLost: SessionLostHandler = () => {
  window.location.assign('/');
};

/** The shell may take over navigation (a router push instead of a full load). */
export function setSessionLostHandler(handler: SessionLostHandler): void {
  onSessionLost = handler;
}

function isPassThrough(config: InternalAxiosRequestConfig | undefined): boolean {
  const url = config?.url ?? '';
  return PASS_THROUGH_401.some((path) => url === path || url.endsWith(path));
}

export function createApiClient(baseURL: string): AxiosInstance {
  const client = axios.create({ baseURL, headers: { 'Content-Type': 'application/json' } });

  client.interceptors.request.use((config) => {
    const { token } = session.get();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401 && !isPassThrough(error.config)) {
      session.clearCredentials();
      onSessionLost();
    }
    return Promise.reject(error);
  });

  return client;
}

/** The page's one API client: same origin unless the build names another API. */
export const api = createApiClient(process.env.STOCKWISE_API_URL ?? '');
