import pg from 'pg';
import { type AuditEntry } from '../../../model';
import { connectionConfig, openMigratedPool, postgresNamespace, redacted } from '../postgres';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';
import { type AuditPage, type AuditQuery, type AuditRetention, type AuditStore } from './audit-store';

/** Where a {@link PostgresAuditStore} keeps the trail. */
export interface PostgresAuditStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** The nodes of a namespace share one trail. */
  namespace: string;
}

const POOL_SIZE = 2;

interface AuditRow extends Omit<AuditEntry, 'at'> {
  // BIGINT comes back as text.
  at: string;
}

/** The audit trail in PostgreSQL, one trail for every node of a cluster's namespace. */
export class PostgresAuditStore implements AuditStore {
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly table: string,
  ) {}

  /**
   * Applies the migrations the namespace lacks.
   * @throws Error naming the database when it cannot be reached or prepared
   */
  static async open(options: PostgresAuditStoreOptions): Promise<PostgresAuditStore> {
    const names = postgresNamespace(options.namespace);
    try {
      const pool = await openMigratedPool(connectionConfig(options.url), POOL_SIZE, names);
      return new PostgresAuditStore(pool, `${pg.escapeIdentifier(names.schema)}.audit`);
    } catch (error) {
      throw new Error(`Cannot open the audit store at ${redacted(options.url)}: ${(error as Error).message}`, { cause: error });
    }
  }

  async append(entry: AuditEntry): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.table} (id, at, actor, action, target, address, outcome, channel, tenant) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [entry.id, entry.at, entry.actor, entry.action, entry.target, entry.address, entry.outcome, entry.channel, entry.tenant],
    );
  }

  async page(query: AuditQuery): Promise<AuditPage> {
    const where: string[] = [];
    const values: (string | number)[] = [];
    const filter = (column: string, operator: string, value: string | number | undefined): void => {
      if (value === undefined) return;
      values.push(value);
      where.push(`${column} ${operator} $${values.length}`);
    };
    filter('actor', '=', query.actor);
    filter('action', '=', query.action);
    filter('at', '>=', query.since);
    filter('at', '<', query.until);
    filter('outcome', '=', query.outcome);
    filter('tenant', '=', query.tenant);
    if (query.cursor !== undefined) {
      const cursor = decodeAuditCursor(query.cursor);
      values.push(cursor.at, cursor.id);
      where.push(`(at, id) < ($${values.length - 1}, $${values.length})`);
    }
    values.push(query.limit + 1);
    const { rows } = await this.pool.query<AuditRow>(
      `SELECT * FROM ${this.table} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY at DESC, id DESC LIMIT $${values.length}`,
      values,
    );
    const items = rows.slice(0, query.limit).map((row) => ({ ...row, at: Number(row.at) }));
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last) : null };
  }

  async prune({ maxAgeMs, maxCount }: AuditRetention, now: number): Promise<number> {
    let deleted = 0;
    if (maxAgeMs > 0) deleted += (await this.pool.query(`DELETE FROM ${this.table} WHERE at < $1`, [now - maxAgeMs])).rowCount ?? 0;
    if (maxCount > 0) {
      const sql = `DELETE FROM ${this.table} WHERE id NOT IN (SELECT id FROM ${this.table} ORDER BY at DESC, id DESC LIMIT $1)`;
      deleted += (await this.pool.query(sql, [maxCount])).rowCount ?? 0;
    }
    return deleted;
  }

  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}
