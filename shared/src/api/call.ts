import type { AxiosRequestConfig } from 'axios';
import { api } from './client';
import type { ApiOperations, OperationId } from './types';

/** The HTTP methods of the API's operations. */
export type ApiMethod = ApiOperations[OperationId]['method'];

/** The paths (as the OpenAPI document writes them, `{id}` and all) that answer `M`. */
export type ApiPath<M extends ApiMethod> = {
  [K in OperationId]: ApiOperations[K]['method'] extends M ? ApiOperations[K]['path'] : never;
}[OperationId];

// Every operation under its "METHOD /path" (an indexed lookup keeps the compiler's work small).
type Endpoints = {
  [K in OperationId as `${ApiOperations[K]['method']} ${ApiOperations[K]['path']}`]: ApiOperations[K];
};

/** The one operation a method and a path name. */
export type ApiOperation<M extends ApiMethod, P extends string> = `${M} ${P}` extends keyof Endpoints
  ? Endpoints[`${M} ${P}`]
  : never;

type PathParams<O> = O extends { params: infer T } ? { params: T } : { params?: never };
// A query whose fields are all optional may be left out.
type Query<O> = O extends { query: infer T } ? (object extends T ? { query?: T } : { query: T }) : { query?: never };
type Body<O> = O extends { body: infer T } ? { body: T } : { body?: never };

/**
 * What a call sends: path params, query and JSON body, each exactly as the operation declares.
 * Distributed over O first: while the compiler still weighs every path of a method (before it has
 * fixed P), the three parts of a union of n operations would otherwise multiply into n³ members —
 * past the compiler's limit once a method has about fifty operations.
 */
export type CallInput<O> = O extends unknown ? PathParams<O> & Query<O> & Body<O> : never;

/** Extra axios settings a call may need (an abort signal, a header); never the URL, method, query or body. */
export type CallOptions = Omit<AxiosRequestConfig, 'url' | 'method' | 'params' | 'data' | 'baseURL'>;

// The input may be left out only when the operation needs none of its parts.
type CallArgs<O> =
  object extends CallInput<O>
    ? [input?: CallInput<O>, options?: CallOptions]
    : [input: CallInput<O>, options?: CallOptions];

function fill(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls one API operation, named by its method and its OpenAPI path: the path, the params, the
 * query, the body and the answer all come from the generated `ApiOperations`, so a call cannot
 * name a path the API does not have or read an answer of another shape. It goes through the
 * page's one axios client, so the token header and the 401 rule apply as to every call.
 *
 *   const item = await call('GET', '/api/items/{id}', { params: { id } });
 */
export async function call<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...args: CallArgs<ApiOperation<M, P>>
): Promise<ApiOperation<M, P>['response']> {
  // The types above did their work at the call site; here the parts are plain values.
  const [input, options] = args as unknown as [RawInput | undefined, CallOptions | undefined];
  const { data } = await api.request<unknown>({
    ...options,
    method,
    url: fill(path, input?.params),
    params: input?.query,
    data: input?.body,
  });
  return data as ApiOperation<M, P>['response'];
}

type RawInput = { params?: Record<string, unknown>; query?: unknown; body?: unknown };
