import type pg from 'pg';
import { type JsonValue } from '../../engine';
import { type DatabaseSettings } from './database-settings';
import { KeptRows, type SqlConnection, type SqlPool, type SqlQueryOptions, type SqlResult, bindableParam, onConnection } from './sql-pool';
import { cancelOnServer } from './cancel-on-server';

/** Opens a PostgreSQL pool and checks it with one round trip; answers the pool and the server's version. */
export async function openPostgresPool(settings: DatabaseSettings): Promise<{ pool: SqlPool; version: string }> {
  // The driver is loaded by the first pool, so that a service whose graphs never use it does not pay for it.
  const library = await import('pg');
  const config: pg.PoolConfig = {
    host: settings.address,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password,
    max: settings.maxConnections,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    application_name: 'workflow-execution-service',
  };
  const pool = new library.Pool(config);
  // An idle connection the server drops (a restart, an idle timeout) must not crash the process.
  pool.on('error', () => undefined);
  try {
    const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
    return { pool: new PostgresPool(library, pool, config), version: rows[0]?.server_version ?? '' };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

class PostgresPool implements SqlPool {
  readonly driver = 'postgresql';

  constructor(
    private readonly library: typeof pg,
    private readonly pool: pg.Pool,
    private readonly config: pg.PoolConfig,
  ) {}

  async query(sql: string, params: readonly JsonValue[], options: SqlQueryOptions): Promise<SqlResult> {
    const client = await this.pool.connect();
    const connection: SqlConnection = {
      begin: () => client.query('BEGIN'),
      commit: () => client.query('COMMIT'),
      rollback: () => client.query('ROLLBACK'),
      release: (broken) => client.release(broken),
    };
    return onConnection(connection, options.transaction, () => this.stream(client, sql, params, options));
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  // Rows are taken one by one as they arrive, and only the first `maxRows` are kept.
  private stream(client: pg.PoolClient, sql: string, params: readonly JsonValue[], options: SqlQueryOptions): Promise<SqlResult> {
    const rows = new KeptRows(options.maxRows);
    const query = new this.library.Query({ text: sql, values: params.map(bindableParam) });
    query.on('row', (row: Record<string, unknown>) => rows.add(row));
    const done = new Promise<SqlResult>((resolve, reject) => {
      query.on('error', reject);
      query.on('end', (result: pg.QueryResult) => {
        resolve(rows.result((result.fields ?? []).map((field) => field.name), result.rowCount));
      });
    });
    client.query(query);
    // The cancel request goes over a connection of its own, as the protocol asks; the server closes it.
    const cancel = async (): Promise<void> => (new this.library.Client(this.config) as unknown as ProtocolCanceller).cancel(client, query);
    return cancelOnServer(done, cancel, options.timeoutMs, options.signal);
  }
}

/** pg's protocol-level cancel request (`Client#cancel`), which its type declarations leave out. */
interface ProtocolCanceller {
  cancel(client: pg.PoolClient, query: pg.Query): void;
}
