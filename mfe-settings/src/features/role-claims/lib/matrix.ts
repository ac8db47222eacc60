import type { Claim } from '../api/role-claims';

/** The transaction types a role may run, from its claims. */
export const typesOf = (claims: readonly Claim[]): Set<string> =>
  new Set(claims.filter((c) => c.type === 'transaction-type').map((c) => c.value));

/** A role's new claims: its permissions as they were, and the transaction types chosen. */
export const withTypes = (claims: readonly Claim[], types: ReadonlySet<string>): Claim[] => [
  ...claims.filter((c) => c.type === 'permission'),
  ...[...types].sort().map((value) => ({ type: 'transaction-type' as const, value })),
];

export const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((x) => b.has(x));
