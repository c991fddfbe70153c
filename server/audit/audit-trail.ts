import { randomUUID } from 'node:crypto';
import { type AuditEntry } from '../../model';
import { type Logger } from '../logger';
import { type AuditPage, type AuditQuery, type AuditStore } from '../storage';

/** One audited call as a transport reports it; the trail adds its id and time. */
export type AuditCall = Omit<AuditEntry, 'id' | 'at'>;

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

  /** A page of the trail, newest first. */
  list(query: AuditQuery): Promise<AuditPage> {
    return this.options.store.page(query);
  }

  /** Deletes the entries past the retention limits of executions. */
  prune(retention: { maxAgeMs: number; maxCount: number }): Promise<number> {
    return this.options.store.prune(retention, this.clock());
  }
}
