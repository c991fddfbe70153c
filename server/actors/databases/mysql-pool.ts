import type mysql from 'mysql2';
import { type JsonValue } from '../../engine';
import { type DatabaseSettings } from './database-settings';
import { KeptRows, type SqlConnection, type SqlPool, type SqlQueryOptions, type SqlResult, bindableParam, onConnection } from './sql-pool';
import { cancelOnServer } from './cancel-on-server';

/** Opens a MySQL (or MariaDB) pool and checks it with one round trip; answers the pool and the server's version. */
export async function openMysqlPool(settings: DatabaseSettings): Promise<{ pool: SqlPool; version: string }> {
  // The driver is loaded by the first pool, so that a service whose graphs never use it does not pay for it.
  const library = await import('mysql2');
  const config: mysql.ConnectionOptions = {
    host: settings.address,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password,
    connectTimeout: settings.connectionTimeoutMs,
    // 64-bit integers and decimals as text, so that no digit is lost; DATETIME read as UTC.
    supportBigNumbers: true,
    bigNumberStrings: true,
    timezone: 'Z',
    // One statement per query: a parameter can never smuggle in a second one.
    multipleStatements: false,
  };
  const pool = library.createPool({ ...config, connectionLimit: settings.maxConnections, waitForConnections: true });
  pool.on('connection', (connection) => connection.on('error', () => undefined));
  try {
    const [rows] = await pool.promise().query<mysql.RowDataPacket[]>('SELECT VERSION() AS version');
    return { pool: new MysqlPool(library, pool, config), version: String(rows[0]?.version ?? '') };
  } catch (error) {
    await pool
      .promise()
      .end()
      .catch(() => undefined);
    throw error;
  }
}

class MysqlPool implements SqlPool {
  readonly driver = 'mysql';

  constructor(
    private readonly library: typeof mysql,
    private readonly pool: mysql.Pool,
    private readonly config: mysql.ConnectionOptions,
  ) {}

  async query(sql: string, params: readonly JsonValue[], options: SqlQueryOptions): Promise<SqlResult> {
    const checkedOut = await new Promise<mysql.PoolConnection>((resolve, reject) =>
      this.pool.getConnection((error, got) => (error ? reject(error) : resolve(got))),
    );
    const session = checkedOut.promise();
    const connection: SqlConnection = {
      begin: () => session.beginTransaction(),
      commit: () => session.commit(),
      rollback: () => session.rollback(),
      release: (broken) => (broken ? checkedOut.destroy() : checkedOut.release()),
    };
    return onConnection(connection, options.transaction, () => this.stream(checkedOut, sql, params, options));
  }

  close(): Promise<void> {
    return this.pool.promise().end();
  }

  // Rows are taken one by one as they arrive, and only the first `maxRows` are kept.
  private stream(connection: mysql.Connection, sql: string, params: readonly JsonValue[], options: SqlQueryOptions): Promise<SqlResult> {
    const rows = new KeptRows(options.maxRows);
    let rowCount: number | undefined;
    let fields: string[] = [];
    const done = new Promise<SqlResult>((resolve, reject) => {
      connection
        .query({ sql, values: params.map(bindableParam) })
        .on('fields', (columns: mysql.FieldPacket[] | undefined) => (fields = (columns ?? []).map((column) => column.name)))
        .on('result', (row: Record<string, unknown> | mysql.ResultSetHeader) => {
          if (isResultHeader(row)) rowCount = row.affectedRows;
          else rows.add(row);
        })
        .on('error', reject)
        .on('end', () => resolve(rows.result(fields, rowCount)));
    });
    const cancel = () => this.kill(connection.threadId);
    return cancelOnServer(done, cancel, options.timeoutMs, options.signal);
  }

  // KILL QUERY stops the statement and keeps the connection; it goes over a connection of its own.
  private async kill(threadId: number | null): Promise<void> {
    if (threadId === null) return;
    const killer = this.library.createConnection(this.config).promise();
    try {
      await killer.query('KILL QUERY ?', [threadId]);
    } finally {
      await killer.end().catch(() => undefined);
    }
  }
}

function isResultHeader(row: object): row is mysql.ResultSetHeader {
  return row.constructor?.name === 'ResultSetHeader';
}
