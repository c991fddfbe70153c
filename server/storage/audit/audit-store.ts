import { type AuditAction, type AuditEntry } from '../../../model';

/** Filters and paging of an audit listing; every filter is optional. */
export interface AuditQuery {
  actor?: string;
  action?: AuditAction;
  /** Entries at or after this time (epoch ms). */
  since?: number;
  /** Entries before this time (epoch ms). */
  until?: number;
  outcome?: number;
  /** Only the entries of this tenant's callers. */
  tenant?: string;
  limit: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/** A page of the audit trail, newest first, with the cursor of the next page (null on the last). */
export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

/** How long audit entries are kept: the retention limits of executions. */
export interface AuditRetention {
  /** Entries older than this are deleted; 0 keeps them whatever their age. */
  maxAgeMs: number;
  /** Only the newest this many are kept; 0 keeps them all. */
  maxCount: number;
}

/** Where the audit trail is kept. */
export interface AuditStore {
  append(entry: AuditEntry): Promise<void>;
  page(query: AuditQuery): Promise<AuditPage>;
  /** Deletes the entries past the retention limits; resolves with how many. */
  prune(retention: AuditRetention, now: number): Promise<number>;
  close(): Promise<void>;
}
