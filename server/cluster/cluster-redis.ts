import { Redis, type RedisOptions } from 'ioredis';

/** What a connection of a cluster node is for: commands that must answer soon, or BullMQ's worker, which blocks waiting for jobs. */
export type ClusterRedisRole = 'commands' | 'worker';

/**
 * The ioredis options of a cluster connection. A command connection fails fast: a command gets one retry after a
 * reconnection and an answer within `commandTimeoutMs`, so that a tick claim or a lease renewal against a Redis
 * that is down or silent fails (and is skipped) instead of waiting for ever. BullMQ's worker connection keeps
 * retrying (`maxRetriesPerRequest: null`, as BullMQ requires) and has no command timeout: its blocking wait for the
 * next job is meant to last.
 */
export function clusterRedisOptions(role: ClusterRedisRole, commandTimeoutMs: number): RedisOptions {
  if (role === 'worker') return { maxRetriesPerRequest: null };
  return { maxRetriesPerRequest: 1, commandTimeout: commandTimeoutMs, connectTimeout: Math.max(commandTimeoutMs, 1000) };
}

/** Opens a Redis connection of a cluster node with the options of its role (see {@link clusterRedisOptions}). */
export function connectClusterRedis(url: string, role: ClusterRedisRole, commandTimeoutMs: number): Redis {
  return new Redis(url, clusterRedisOptions(role, commandTimeoutMs));
}
