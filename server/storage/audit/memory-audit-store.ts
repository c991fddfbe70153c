import { type AuditEntry } from '../../../model';
import { type AuditCursor, decodeAuditCursor, encodeAuditCursor } from './audit-cursor';
import { type AuditPage, type AuditQuery, type AuditRetention, type AuditStore } from './audit-store';

/** How many entries a {@link MemoryAuditStore} keeps by default. */
const DEFAULT_CAPACITY = 10_000;

/** Whether `entry` comes after the cursor in newest-first order. */
const isPast = (entry: AuditEntry, cursor: AuditCursor): boolean => entry.at < cursor.at || (entry.at === cursor.at && entry.id < cursor.id);

/** Whether an entry passes the filters of a query. */
function auditEntryMatches(entry: AuditEntry, query: AuditQuery): boolean {
  return (
    (query.actor === undefined || entry.actor === query.actor) &&
    (query.action === undefined || entry.action === query.action) &&
    (query.since === undefined || entry.at >= query.since) &&
    (query.until === undefined || entry.at < query.until) &&
    (query.outcome === undefined || entry.outcome === query.outcome) &&
    (query.tenant === undefined || entry.tenant === query.tenant)
  );
}

/** The audit trail in memory, a ring of the newest `capacity` entries: a server without a store keeps a bounded recent past. */
export class MemoryAuditStore implements AuditStore {
  private entries: AuditEntry[] = [];

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  append(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    return Promise.resolve();
  }

  async page(query: AuditQuery): Promise<AuditPage> {
    const cursor = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
    const newestFirst = [...this.entries].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const matching = newestFirst.filter((entry) => (cursor === undefined || isPast(entry, cursor)) && auditEntryMatches(entry, query));
    const items = matching.slice(0, query.limit);
    const last = items.at(-1);
    return { items, nextCursor: matching.length > query.limit && last ? encodeAuditCursor(last) : null };
  }

  prune({ maxAgeMs, maxCount }: AuditRetention, now: number): Promise<number> {
    const before = this.entries.length;
    if (maxAgeMs > 0) this.entries = this.entries.filter((entry) => entry.at >= now - maxAgeMs);
    if (maxCount > 0 && this.entries.length > maxCount) this.entries = this.entries.slice(-maxCount);
    return Promise.resolve(before - this.entries.length);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
