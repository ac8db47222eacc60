import type { ApiOperations, OperationId } from './types';

type FirstSegment<P> = P extends `/api/${infer R}/${string}` ? R : P extends `/api/${infer R}` ? R : never;

/** The API's resources: the first segment of every path in the OpenAPI document ('company', 'subscription', …). */
export type ApiResource = FirstSegment<ApiOperations[OperationId]['path']>;

/**
 * A query key that starts with the API resource it reads: `resourceKey('company')`,
 * `resourceKey('items', params)`. Remotes share the shell's query client, so a save that
 * invalidates `resourceKey('company')` refreshes every screen that shows the company, in any remote.
 */
export function resourceKey<const R extends ApiResource, const Rest extends readonly unknown[]>(
  resource: R,
  ...rest: Rest
): readonly [R, ...Rest] {
  return [resource, ...rest] as const;
}
