import type Database from 'better-sqlite3';
import { type AuditEntry } from '../../../model';
import { SQLITE_AUDIT_MIGRATIONS, openSqlite } from '../sqlite';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';
import { type AuditPage, type AuditQuery, type AuditRetention, type AuditStore } from './audit-store';

/** The audit trail in a SQLite file (`audit.db` under `data_dir`), so that it survives a restart. */
export class SqliteAuditStore implements AuditStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openSqlite(file, SQLITE_AUDIT_MIGRATIONS);
  }

  append(entry: AuditEntry): Promise<void> {
    this.db
      .prepare('INSERT INTO audit (id, at, actor, action, target, address, outcome, channel, tenant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(entry.id, entry.at, entry.actor, entry.action, entry.target, entry.address, entry.outcome, entry.channel, entry.tenant);
    return Promise.resolve();
  }

  async page(query: AuditQuery): Promise<AuditPage> {
    const where: string[] = [];
    const values: (string | number)[] = [];
    const filter = (sql: string, value: string | number | undefined): void => {
      if (value === undefined) return;
      where.push(sql);
      values.push(value);
    };
    filter('actor = ?', query.actor);
    filter('action = ?', query.action);
    filter('at >= ?', query.since);
    filter('at < ?', query.until);
    filter('outcome = ?', query.outcome);
    filter('tenant = ?', query.tenant);
    if (query.cursor !== undefined) {
      const cursor = decodeAuditCursor(query.cursor);
      where.push('(at < ? OR (at = ? AND id < ?))');
      values.push(cursor.at, cursor.at, cursor.id);
    }
    const sql = `SELECT * FROM audit ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...values, query.limit + 1) as AuditEntry[];
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last) : null };
  }

  prune({ maxAgeMs, maxCount }: AuditRetention, now: number): Promise<number> {
    let deleted = 0;
    if (maxAgeMs > 0) deleted += this.db.prepare('DELETE FROM audit WHERE at < ?').run(now - maxAgeMs).changes;
    if (maxCount > 0) {
      deleted += this.db.prepare('DELETE FROM audit WHERE id NOT IN (SELECT id FROM audit ORDER BY at DESC, id DESC LIMIT ?)').run(maxCount).changes;
    }
    return Promise.resolve(deleted);
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}
