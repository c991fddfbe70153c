import { type TenantsConfig } from './tenant-settings';

/**
 * Which runs may name each secret: one listed under tenants' `secrets` only the runs of those tenants, one no
 * tenant lists every run. A run that may not name a secret is answered as if it did not exist, so that it
 * learns nothing of it.
 * @example new TenantSecrets({ acme: { secrets: ['STRIPE_KEY'] } }).allows('STRIPE_KEY', 'globex') === false
 */
export class TenantSecrets {
  /** The tenants that list each secret; a secret absent here is open to every run. */
  private readonly owners = new Map<string, Set<string>>();

  /** Reads the `secrets` of each tenant of the configuration. */
  constructor(tenants: TenantsConfig = {}) {
    for (const [tenant, settings] of Object.entries(tenants)) {
      for (const name of settings.secrets ?? []) {
        const owners = this.owners.get(name) ?? new Set<string>();
        owners.add(tenant);
        this.owners.set(name, owners);
      }
    }
  }

  /** Whether a run of `tenant` (undefined: a run of no tenant) may name the secret. */
  allows(name: string, tenant: string | undefined): boolean {
    const owners = this.owners.get(name);
    return owners === undefined || (tenant !== undefined && owners.has(tenant));
  }
}
