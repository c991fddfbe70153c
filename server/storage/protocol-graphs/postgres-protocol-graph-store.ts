import pg from 'pg';
import { type JsonObject } from '../../../model';
import { type Logger, silentLogger } from '../../logger';
import { GroupCommit } from '../group-commit';
import { connectionConfig, openMigratedPool, postgresNamespace, redacted } from '../postgres';
import { ProtocolGraphBatch } from './protocol-graph-batch';
import { type ProtocolGraphStore } from './protocol-graph-store';

/** Where a {@link PostgresProtocolGraphStore} keeps its graphs. */
export interface PostgresProtocolGraphStoreOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Stores of the same namespace share their graphs, as the namespace's other stores share their records. */
  namespace: string;
  /** Where failed writes are reported: they are never thrown. @default silentLogger */
  logger?: Logger;
}

/** Writes go one batch at a time, in order: one connection serves them. */
const POOL_SIZE = 1;

/**
 * The FBP protocol runtime's graphs in PostgreSQL, behind the synchronous {@link ProtocolGraphStore}. Every graph
 * of the namespace is read once, when the store opens, and mirrored in memory; a put changes the mirror at once and
 * is written behind, with the others of its turn of the event loop in one statement, one batch at a time and in
 * order (see {@link GroupCommit}), each graph once. A write that fails is logged and lost. The nodes of a cluster
 * share the table but not their graphs in memory: a node reads what the others wrote when it next starts, and
 * the last write of a graph id is the one kept.
 */
export class PostgresProtocolGraphStore implements ProtocolGraphStore {
  private readonly writes = new GroupCommit(
    () => new ProtocolGraphBatch(),
    (batch) => this.commit(batch),
  );
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly table: string,
    private readonly mirror: Map<string, JsonObject>,
    private readonly logger: Logger,
  ) {}

  /**
   * Applies the migrations the namespace lacks and reads every graph.
   * @throws Error naming the database when it cannot be reached or prepared
   */
  static async open(options: PostgresProtocolGraphStoreOptions): Promise<PostgresProtocolGraphStore> {
    const names = postgresNamespace(options.namespace);
    const table = `${pg.escapeIdentifier(names.schema)}.protocol_graphs`;
    let pool: pg.Pool | undefined;
    try {
      pool = await openMigratedPool(connectionConfig(options.url), POOL_SIZE, names);
      const { rows } = await pool.query<{ id: string; document: string }>(`SELECT id, document FROM ${table} ORDER BY id`);
      const mirror = new Map(rows.map((row) => [row.id, JSON.parse(row.document) as JsonObject]));
      return new PostgresProtocolGraphStore(pool, table, mirror, options.logger ?? silentLogger);
    } catch (error) {
      await pool?.end().catch(() => undefined);
      throw new Error(`Cannot open the protocol graph store at ${redacted(options.url)}: ${(error as Error).message}`, { cause: error });
    }
  }

  documents(): Map<string, JsonObject> {
    return new Map(this.mirror);
  }

  put(id: string, document: JsonObject): void {
    if (this.closing) return;
    this.mirror.set(id, document);
    this.writes.next().documents.set(id, document);
  }

  delete(id: string): void {
    if (this.closing) return;
    this.mirror.delete(id);
    this.writes.next().documents.set(id, null);
  }

  /** Writes what is queued, then disconnects. Later puts are ignored. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.writes.settled();
      await this.pool.end();
    })();
    return this.closing;
  }

  // One statement for the puts and one for the deletes of a batch, in one transaction-free round trip each.
  private async commit(batch: ProtocolGraphBatch): Promise<void> {
    const puts = [...batch.documents].filter((entry): entry is [string, JsonObject] => entry[1] !== null);
    const deletes = [...batch.documents].filter(([, document]) => document === null).map(([id]) => id);
    try {
      if (puts.length > 0) {
        const sql = `INSERT INTO ${this.table} (id, document) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (id) DO UPDATE SET document = EXCLUDED.document`;
        await this.pool.query(sql, [puts.map(([id]) => id), puts.map(([, document]) => JSON.stringify(document))]);
      }
      if (deletes.length > 0) await this.pool.query(`DELETE FROM ${this.table} WHERE id = ANY($1::text[])`, [deletes]);
    } catch (error) {
      this.logger.error({ err: error, graphs: [...batch.documents.keys()] }, 'Could not write FBP protocol graphs to PostgreSQL');
      throw error;
    }
  }
}
