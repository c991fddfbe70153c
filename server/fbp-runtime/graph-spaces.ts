import { type JsonObject } from '../../model';
import { GraphSpace, type GraphSpaceOptions } from './graph-space';

// The key of the space of no tenant: a tenant's name is never empty.
const NO_TENANT = '';

/** What every space of a runtime shares: all a {@link GraphSpaceOptions} holds but the tenant and its documents. */
export type SharedSpaceOptions = Omit<GraphSpaceOptions, 'tenant' | 'kept'>;

/**
 * The graph space of each tenant of a runtime, and the one of no tenant. The store is read once, as the runtime
 * starts: each document goes back to the space of the tenant it was kept with (none for documents kept before
 * tenants). A tenant's space is made when a client of it first acts.
 */
export class GraphSpaces {
  private readonly spaces = new Map<string, GraphSpace>();

  constructor(private readonly shared: SharedSpaceOptions) {
    const kept = new Map<string, Map<string, JsonObject>>();
    for (const [key, document] of shared.store.documents()) {
      const tenant = typeof document.tenant === 'string' && document.tenant !== '' ? document.tenant : NO_TENANT;
      kept.set(tenant, (kept.get(tenant) ?? new Map<string, JsonObject>()).set(key, document));
    }
    this.spaces.set(NO_TENANT, this.make(NO_TENANT, kept.get(NO_TENANT)));
    for (const [tenant, documents] of kept) if (tenant !== NO_TENANT) this.spaces.set(tenant, this.make(tenant, documents));
  }

  /** The space of `tenant` (undefined: of no tenant). */
  of(tenant: string | undefined): GraphSpace {
    const key = tenant ?? NO_TENANT;
    let space = this.spaces.get(key);
    if (space === undefined) {
      space = this.make(key, undefined);
      this.spaces.set(key, space);
    }
    return space;
  }

  private make(key: string, kept: ReadonlyMap<string, JsonObject> | undefined): GraphSpace {
    return new GraphSpace({ ...this.shared, tenant: key === NO_TENANT ? undefined : key, kept: kept ?? new Map() });
  }
}
