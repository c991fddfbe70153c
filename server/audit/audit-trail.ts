import { randomUUID } from 'node:crypto';
import { type AuditEntry } from '../../model';
import { type Logger } from '../logger';
import { type AuditPage, type AuditQuery, type AuditStore } from '../storage';

/** One audited call as a transport reports it; the trail adds its id and time. */
export type AuditCall = Omit<AuditEntry, 'id' | 'at'>;

/** The actor of a call refused before its token was known. */
export const UNAUTHENTICATED = 'unauthenticated';

/** What an {@link AuditTrail} is built from. */
export interface AuditTrailOptions {
  store: AuditStore;
  logger: Logger;
  /** @default Date.now */
  clock?: () => number;
}

/**
 * The audit trail: each call that changed state, or was refused for its credentials, becomes one structured log
 * line (`audit` set, so that log shippers can pick it out) and one entry of the store. A store that fails is
 * logged and never fails the call.
 */
export class AuditTrail {
  private readonly clock: () => number;

  constructor(private readonly options: AuditTrailOptions) {
    this.clock = options.clock ?? Date.now;
  }

  /** Records a call. */
  record(call: AuditCall): void {
    const entry: AuditEntry = { id: randomUUID(), at: this.clock(), ...call };
    this.options.logger.info({ audit: entry }, `audit: ${entry.actor} ${entry.action} ${entry.target ?? '-'} -> ${entry.outcome}`);
    this.options.store.append(entry).catch((error: unknown) => this.options.logger.error({ err: error, audit: entry }, 'Could not store an audit entry'));
  }

  /** Records a refused credential, whose caller, and so whose tenant, is unknown. */
  recordRefusedCredential(channel: AuditCall['channel'], address: string | null): void {
    this.record({ actor: UNAUTHENTICATED, action: 'auth.failed', target: null, address, outcome: 401, channel, tenant: null });
  }

  /**
   * A page of the trail, newest first, as seen by a caller limited to the tenant `within` (undefined: one who
   * sees every tenant's entries). Such a caller's listing is held to its tenant; asking for another tenant's
   * entries finds none, as an unknown tenant would.
   */
  list(query: AuditQuery, within?: string): Promise<AuditPage> {
    if (within === undefined) return this.options.store.page(query);
    // The filter and the caller's own tenant both hold, and no entry has two tenants.
    if (query.tenant !== undefined && query.tenant !== within) return Promise.resolve({ items: [], nextCursor: null });
    return this.options.store.page({ ...query, tenant: within });
  }

  /** Deletes the entries past the retention limits of executions. */
  prune(retention: { maxAgeMs: number; maxCount: number }): Promise<number> {
    return this.options.store.prune(retention, this.clock());
  }
}
