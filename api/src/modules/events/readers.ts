import type { RouteOptions } from 'fastify';
import { PERMISSION_KEY, SELF_KEY, type Access, type Permission } from '../../access/index.js';
import type { Change } from './publisher.js';

/**
 * Who may read each API resource — the first path segment after /api/, the names a change lists
 * in `resources` — learnt from the GET routes' own declared rules as they are registered, so a
 * stream shows exactly what the holder could fetch, with no second list to keep in step. A
 * resource one GET route under it lets any signed-in user read (SELF) is everyone's.
 */
export class Readers {
  private readonly byResource = new Map<string, Set<Permission> | 'anyone'>();

  /** An onRoute hook: registered before the routes, it sees every one of them. */
  learn(route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const [, api, resource] = route.url.split('/');
    if (!methods.includes('GET') || api !== 'api' || !resource) return;
    const schema = route.schema as Record<string, unknown> | undefined;
    const permissions = schema?.[PERMISSION_KEY] as Permission[] | undefined;
    const self = schema?.[SELF_KEY] === true;
    if (!permissions && !self) return;
    const known = this.byResource.get(resource);
    if (known === 'anyone') return;
    if (self) this.byResource.set(resource, 'anyone');
    else this.byResource.set(resource, new Set([...(known ?? []), ...permissions!]));
  }

  mayRead(access: Pick<Access, 'may'>, resource: string): boolean {
    const readers = this.byResource.get(resource);
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
