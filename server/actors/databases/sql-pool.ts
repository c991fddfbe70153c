import { type JsonObject, type JsonValue, resourceKind } from '../../engine';
import { driverRowToJson } from '../shared';

/** How one statement runs. */
export interface SqlQueryOptions {
  /** Rows kept; the statement's further rows are not emitted and `truncated` is set. */
  readonly maxRows: number;
  /** Past this, the statement is cancelled on the server and the firing fails. */
  readonly timeoutMs: number;
  /** The run's signal: when it aborts, the statement is cancelled on the server. */
  readonly signal: AbortSignal;
  /** Runs the statement between BEGIN and COMMIT on one connection, rolled back when it fails. */
  readonly transaction: boolean;
}

/** What a statement gave: its rows (as JSON), how many rows it touched, and its column names. */
export interface SqlResult {
  readonly rows: JsonObject[];
  /** Rows returned, or rows inserted, updated or deleted. */
  readonly rowCount: number;
  readonly fields: string[];
  /** Whether rows beyond `maxRows` were left out. */
  readonly truncated: boolean;
}

/** A pool of connections to one database, shared by the SQL nodes of a run through its handle. */
export interface SqlPool {
  /** `postgresql` or `mysql`: which placeholders the statements use (`$1` or `?`). */
  readonly driver: 'postgresql' | 'mysql';
  /** Runs one statement with positional parameters, bound by the driver, never spliced into the text. */
  query(sql: string, params: readonly JsonValue[], options: SqlQueryOptions): Promise<SqlResult>;
  /** Closes every connection; statements still running are cancelled. */
  close(): Promise<void>;
}

/** The kind of the pools in a run's resources. */
export const SQL_POOL = resourceKind<SqlPool>('sql-pool');

/** A connection checked out of a pool, as {@link onConnection} drives it. */
export interface SqlConnection {
  begin(): Promise<unknown>;
  commit(): Promise<unknown>;
  rollback(): Promise<unknown>;
  /** Gives the connection back, or closes it when `broken` (a failed rollback leaves it in a transaction). */
  release(broken: boolean): void;
}

/**
 * Runs a statement on a checked-out connection, between BEGIN and COMMIT when `transaction` is set (rolled
 * back when it fails), and gives the connection back to its pool in every case.
 */
export async function onConnection<T>(connection: SqlConnection, transaction: boolean, statement: () => Promise<T>): Promise<T> {
  let broken = false;
  try {
    if (transaction) await connection.begin();
    const result = await statement();
    if (transaction) await connection.commit();
    return result;
  } catch (error) {
    if (transaction) await connection.rollback().catch(() => (broken = true));
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** A parameter as the drivers bind it: objects and arrays as JSON text (JSON columns take it), scalars as they are. */
export function bindableParam(value: JsonValue): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** The rows of a statement as they arrive: the first `maxRows` kept, the others only counted. */
export class KeptRows {
  private readonly kept: Record<string, unknown>[] = [];
  private seen = 0;

  constructor(private readonly maxRows: number) {}

  add(row: Record<string, unknown>): void {
    if (this.seen++ < this.maxRows) this.kept.push(row);
  }

  /** The result, with `rowCount` as the driver reports it (changed rows), else the rows the statement returned. */
  result(fields: string[], rowCount?: number | null): SqlResult {
    return { rows: this.kept.map(driverRowToJson), rowCount: rowCount ?? this.seen, fields, truncated: this.seen > this.maxRows };
  }
}
