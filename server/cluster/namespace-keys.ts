import { Redis } from 'ioredis';

/**
 * Deletes every Redis key of a namespace (its queue, node leases and tick claims): what tests and benchmarks
 * clean up with, beside dropping the namespace's PostgreSQL schema.
 */
export async function deleteNamespaceKeys(redisUrl: string, namespace: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
