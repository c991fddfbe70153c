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
    return { pool: new PostgresPool(library, pool, config, settings.multipleStatements ?? false), version: rows[0]?.server_version ?? '' };
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
    private readonly multipleStatements: boolean,
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

  /** A refused second statement, said in terms of the node's settings; any other error as it is. */
  private explained(error: Error & { code?: string }): Error {
    if (!MULTIPLE_COMMANDS.test(error.message)) return error;
    const why = this.multipleStatements
      ? 'several statements take no parameters: send none on params-in, or run each statement on its own node'
      : 'a firing runs one statement unless the tpl_postgresql node sets multipleStatements: true (then without parameters)';
    return Object.assign(new Error(`The query holds more than one statement: ${why}`), { code: error.code });
  }

  // Rows are taken one by one as they arrive, and only the first `maxRows` are kept.
  private stream(client: pg.PoolClient, sql: string, params: readonly JsonValue[], options: SqlQueryOptions): Promise<SqlResult> {
    const rows = new KeptRows(options.maxRows);
    // The extended protocol (used whenever there are parameters) takes one statement only: the server refuses a
    // second, so a text cannot carry more than the node says it does. The simple protocol runs several, unbound.
    const config = { text: sql, values: params.map(bindableParam), ...(this.multipleStatements ? {} : { queryMode: 'extended' }) } as pg.QueryConfig;
    const query = new this.library.Query(config);
    query.on('row', (row: Record<string, unknown>) => rows.add(row));
    const done = new Promise<SqlResult>((resolve, reject) => {
      query.on('error', (error: Error & { code?: string }) => reject(this.explained(error)));
      // Several statements end with a result each: the rows of all are kept, the columns and count are the last one's.
      query.on('end', (ended: pg.QueryResult | pg.QueryResult[]) => {
        const result = Array.isArray(ended) ? ended[ended.length - 1] : ended;
        resolve(
          rows.result(
            (result?.fields ?? []).map((field) => field.name),
            result?.rowCount,
          ),
        );
      });
    });
    client.query(query);
    // The cancel request goes over a connection of its own, as the protocol asks; the server closes it.
    const cancel = async (): Promise<void> => (new this.library.Client(this.config) as unknown as ProtocolCanceller).cancel(client, query);
    return cancelOnServer(done, cancel, options.timeoutMs, options.signal);
  }
}

/** The server's refusal of a second statement, as it words it (SQLSTATE 42601, a syntax error). */
const MULTIPLE_COMMANDS = /cannot insert multiple commands into a prepared statement/;

/** pg's protocol-level cancel request (`Client#cancel`), which its type declarations leave out. */
interface ProtocolCanceller {
  cancel(client: pg.PoolClient, query: pg.Query): void;
}
