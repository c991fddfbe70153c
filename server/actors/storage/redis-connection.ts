import type { Redis } from 'ioredis';
import { type RunResources, errorMessage, resourceKind } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';
import { checkedServerUrl } from './server-url';

/** The Redis clients of a run, one per server and database. */
const REDIS_CLIENT = resourceKind<Promise<Redis>>('redis');

/** Where a node's Redis is, when the node says nothing: the `REDIS_URL` secret, else the local default. */
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Prefix of the keys the storage nodes write when the server gives none (it gives its namespace). */
export const DEFAULT_REDIS_PREFIX = 'wes:';

/** What a node needs to reach Redis. */
export interface RedisTarget {
  /** `redis://[user:password@]host:port[/db]` or `rediss://...`; unset means the secret REDIS_URL, then {@link DEFAULT_REDIS_URL}. */
  readonly url?: string;
  /** The database index; overrides the URL's. */
  readonly database?: number;
}

/** What a node's context gives the connection. */
export interface RedisContext {
  readonly resources: RunResources;
  secret(name: string): string | undefined;
}

/**
 * The run's client for a node's Redis, shared by every node of the run that uses the same server and
 * database, and closed when the run ends. The host is checked by the egress policy and the client is handed
 * the checked address; a password comes from the URL, else from the secret REDIS_PASSWORD. Commands fail
 * fast when the server cannot be reached instead of queueing for a reconnection.
 */
export async function runRedis(ctx: RedisContext, target: RedisTarget, egress: EgressPolicy): Promise<Redis> {
  const text = target.url ?? ctx.secret('REDIS_URL') ?? DEFAULT_REDIS_URL;
  const { url, host, port, address } = await checkedServerUrl(text, { 'redis:': 6379, 'rediss:': 6379 }, 'Redis', egress);
  const db = target.database ?? (Number(url.pathname.slice(1)) || 0);
  const opened = ctx.resources.shared(
    REDIS_CLIENT,
    `${url.protocol}//${address}:${port}/${db}`,
    async () => {
      // The client library is loaded by the first Redis node, so that a service that never uses it does not pay for it.
      const { Redis: Client } = await import('ioredis');
      const client = new Client({
        host: address,
        port,
        db,
        username: url.username === '' ? undefined : decodeURIComponent(url.username),
        password: url.password === '' ? ctx.secret('REDIS_PASSWORD') : decodeURIComponent(url.password),
        tls: url.protocol === 'rediss:' ? { servername: host } : undefined,
        connectTimeout: 10_000,
        maxRetriesPerRequest: 1,
        retryStrategy: (times) => (times > 2 ? null : 200),
        lazyConnect: true,
      });
      // Failures reach the commands that were waiting; the event must not crash the process. The last one
      // says why a connection failed (connect() itself only says that it closed).
      let lastError: unknown;
      client.on('error', (error: unknown) => (lastError = error));
      try {
        await client.connect();
      } catch (error) {
        client.disconnect();
        throw new Error(`Could not connect to Redis at ${host}:${port}: ${errorMessage(lastError ?? error)}`);
      }
      return client;
    },
    async (client) => {
      const ready = await client.catch(() => undefined);
      await ready?.quit().catch(() => ready.disconnect());
    },
  );
  return opened;
}
