import pg from 'pg';
import { postgresNamespace } from './postgres-namespace';

/** How long a connection attempt may take before it fails: a server that does not answer must not hang a start. */
const CONNECT_TIMEOUT_MS = 5000;

/** Epoch-millisecond columns are BIGINT: read as numbers by the stores' connections only, not by every pg user in the process. */
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: string) => (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format as 'text')),
};

/**
 * The settings of a store's connections to the database at `url`, named apart from the connections of SQL nodes.
 * @throws Error when `url` is not a PostgreSQL URL
 */
export function connectionConfig(url: string): pg.ClientConfig {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('The database URL is not a URL (postgres://user@host:port/database)');
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new Error(`'${redacted(url)}' is not a PostgreSQL URL (postgres://user@host:port/database)`);
  return { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'workflow-execution-service/store', keepAlive: true, types };
}

/** The URL as error messages show it: the database named, its password never. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Drops a namespace's schema with everything in it: what tests and benchmarks clean up with. */
export async function dropNamespace(url: string, namespace: string): Promise<void> {
  const client = new pg.Client(connectionConfig(url));
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(postgresNamespace(namespace).schema)} CASCADE`);
  } finally {
    await client.end();
  }
}
