import { AppError } from '../../errors';
import { type ExecutionStore } from '../../storage';
import { type TenantsConfig } from '../../tenants';

/**
 * Holds each tenant to its `max_active_executions`: a start is refused while the store counts that many of the
 * tenant's executions queued or running, on any node. The starts of one tenant on this node are admitted one at a
 * time, each counted after the one before is inserted, so that a burst on one node cannot pass the limit; two
 * nodes counting at the same moment may both admit one. Runs of no tenant, and of a tenant with no limit, are
 * not counted.
 */
export class ActiveExecutionLimit {
  /** The admission under way for each tenant: the next one waits for it. */
  private readonly admitting = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: ExecutionStore,
    private readonly tenants: TenantsConfig = {},
  ) {}

  /**
   * Runs `create` (which must insert the execution before it returns) once the tenant is under its limit.
   * @throws AppError LIMIT_REACHED when the tenant has its limit of executions queued or running
   */
  async admit<T>(tenant: string | undefined, create: () => T): Promise<T> {
    const max = tenant === undefined ? undefined : this.tenants[tenant]?.max_active_executions;
    if (tenant === undefined || max === undefined) return create();
    const before = this.admitting.get(tenant) ?? Promise.resolve();
    const turn = before
      .catch(() => undefined)
      .then(async () => {
        const active = await this.store.countUnfinished(tenant);
        if (active >= max) {
          throw new AppError(
            'LIMIT_REACHED',
            `Tenant '${tenant}' has ${active} executions queued or running, its limit (max_active_executions = ${max}): wait for one to end`,
          );
        }
        return create();
      });
    this.admitting.set(tenant, turn);
    try {
      return await turn;
    } finally {
      if (this.admitting.get(tenant) === turn) this.admitting.delete(tenant);
    }
  }
}
