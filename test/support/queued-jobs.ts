import { Redis } from 'ioredis';
import { CLUSTER_REDIS_URL } from './cluster-nodes';

/**
 * The executions a cluster namespace's BullMQ queue was ever given a job for, in order, read from the queue's event
 * stream (which keeps its "added" events after the jobs themselves are removed).
 */
export async function queuedExecutionIds(namespace: string, redisUrl = CLUSTER_REDIS_URL): Promise<string[]> {
  const redis = new Redis(redisUrl);
  try {
    const entries = await redis.xrange(`${namespace}:${namespace}:events`, '-', '+');
    return entries
      .map(([, fields]) => fields)
      .filter((fields) => fields[fields.indexOf('event') + 1] === 'added')
      .map((fields) => Buffer.from(fields[fields.indexOf('jobId') + 1], 'base64url').toString());
  } finally {
    redis.disconnect();
  }
}
