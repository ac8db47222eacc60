import type { RouteOptions } from 'fastify';
import { PERMISSION_KEY, SELF_KEY, type Access } from '../../access/index.js';
import type { Permission } from '../../vocabulary.js';
import type { Change } from './publisher.js';

/**
 * Who may read each API resource — the first path segment after /api/, the names a change lists
 * in `resources` — learnt from the GET routes' own declared rules as they are registered, so a
 * stream shows exactly what the holder could fetch, with no second list to keep in step.
 *
 * A resource with a collection or item route (/api/users, /api/users/:id) is read by whoever those
 * let read it: its sub-routes answer something else about it (/api/users/limit, the seat count,
 * is billing's too) and do not make its records theirs. Only a resource with no such route
 * (/api/reports/…) is read by whoever may read any of its sub-routes. A resource one of the
 * deciding routes lets any signed-in user read (SELF) is everyone's.
 */
type Rule = Set<Permission> | 'anyone';

export class Readers {
  /** From the collection and item routes… */
  private readonly own = new Map<string, Rule>();
  /** …and, for the resources with neither, from the routes under them. */
  private readonly under = new Map<string, Rule>();

  /** An onRoute hook: registered before the routes, it sees every one of them. */
  learn(route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const [, api, resource, ...rest] = route.url.split('/');
    if (!methods.includes('GET') || api !== 'api' || !resource) return;
    const schema = route.schema as Record<string, unknown> | undefined;
    const permissions = schema?.[PERMISSION_KEY] as Permission[] | undefined;
    const self = schema?.[SELF_KEY] === true;
    if (!permissions && !self) return;
    const isOwn = rest.length === 0 || (rest.length === 1 && rest[0]!.startsWith(':'));
    const rules = isOwn ? this.own : this.under;
    const known = rules.get(resource);
    if (known === 'anyone') return;
    rules.set(resource, self ? 'anyone' : new Set([...(known ?? []), ...permissions!]));
  }

  mayRead(access: Pick<Access, 'may'>, resource: string): boolean {
    const readers = this.own.get(resource) ?? this.under.get(resource);
    return readers === 'anyone' || (!!readers && [...readers].some((p) => access.may(p)));
  }

  /** May this holder read any of these resources? (None: their stream would stay silent.) */
  mayReadAny(access: Pick<Access, 'may'>, resources: readonly string[]): boolean {
    return resources.some((r) => this.mayRead(access, r));
  }

  /**
   * A change as this holder may see it: only the resources they may read; the ids only when they
   * may read the changed thing itself (the first resource); nothing when none is theirs.
   */
  view(access: Pick<Access, 'may'>, change: Change): Change | null {
    const resources = change.resources.filter((r) => this.mayRead(access, r));
    if (!resources.length) return null;
    if (resources.length === change.resources.length) return change;
    return { ...change, resources, ids: this.mayRead(access, change.resources[0]!) ? change.ids : null };
  }
}
