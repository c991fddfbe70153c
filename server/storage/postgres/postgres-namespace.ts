import { createHash } from 'node:crypto';

/** The PostgreSQL names that keep the executions and deployments of one namespace apart from every other's. */
export interface PostgresNamespace {
  /** The schema that holds its tables, unquoted. */
  schema: string;
  /** The channel its event notifications go on: channels are database-wide, so it is derived from the namespace. */
  channel: string;
  /** The channel that tells its nodes of deployment changes. */
  deploymentChannel: string;
  /** The key of the advisory lock that serializes its migrations, as a decimal bigint. */
  lockKey: string;
}

/** PostgreSQL truncates identifiers longer than this many bytes, which would merge namespaces that share a prefix. */
const MAX_IDENTIFIER_BYTES = 63;

/**
 * Derives the schema, channel and lock key of a namespace. The schema is the namespace itself, unless PostgreSQL
 * would refuse it (the `pg_` prefix is reserved) or truncate it: then it is `wes_` and a digest of the namespace.
 */
export function postgresNamespace(namespace: string): PostgresNamespace {
  if (namespace.length === 0) throw new Error('A PostgreSQL namespace must not be empty');
  const digest = createHash('sha1').update(namespace).digest();
  const usable = Buffer.byteLength(namespace) <= MAX_IDENTIFIER_BYTES && !namespace.startsWith('pg_');
  return {
    schema: usable ? namespace : `wes_${digest.toString('hex').slice(0, 40)}`,
    channel: `wes_events_${digest.toString('hex').slice(0, 16)}`,
    deploymentChannel: `wes_deployments_${digest.toString('hex').slice(0, 16)}`,
    lockKey: digest.readBigInt64BE(0).toString(),
  };
}
