import { randomUUID } from 'node:crypto';
import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import { Redis } from 'ioredis';
import { clusterRedisOptions } from './cluster-redis';
import { deleteNamespaceKeys } from './namespace-keys';
import { tickClaims } from './tick-claims';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** How long the claims below may wait for Redis, as `redis_command_timeout_ms`. */
const TIMEOUT_MS = 300;
/** Far beyond the timeout: a claim still pending then is one that hangs. */
const HANG_MS = 15_000;

/** Settles with how a claim ended, or 'still pending' after {@link HANG_MS}. */
function outcome(claim: Promise<boolean>): Promise<string> {
  return Promise.race([
    claim.then(
      (won) => `claimed: ${won}`,
      (error: Error) => `failed: ${error.message}`,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('still pending'), HANG_MS).unref()),
  ]);
}

describe('tick claims of a cluster', () => {
  const namespace = `tick_${randomUUID().slice(0, 8)}`;
  const connections: Redis[] = [];
  const connect = (url: string) => {
    // A socket that does not close when asked is destroyed at once rather than after ioredis's 2 s.
    const redis = new Redis(url, { ...clusterRedisOptions('commands', TIMEOUT_MS), disconnectTimeout: 10 });
    redis.on('error', () => undefined);
    connections.push(redis);
    return redis;
  };
  let silent: Server;
  const held: Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never answers: a Redis that hangs.
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const redis of connections) redis.disconnect();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await deleteNamespaceKeys(REDIS_URL, namespace);
  });

  it('lets the first node claim a tick and refuses it to the second', async () => {
    const redis = connect(REDIS_URL);
    expect(await tickClaims(redis, namespace, 'node-a')('deployment', 'cron', '1')).toBe(true);
    expect(await tickClaims(redis, namespace, 'node-b')('deployment', 'cron', '1')).toBe(false);
    expect(await tickClaims(redis, namespace, 'node-b')('deployment', 'cron', '2')).toBe(true);
  });

  it('fails instead of hanging against a Redis that accepts and never answers', async () => {
    const redis = connect(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    expect(await outcome(tickClaims(redis, namespace, 'node-a')('deployment', 'cron', '3'))).toBe('failed: Command timed out');
  });

  it('fails instead of hanging against a Redis that is not there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const redis = connect(`redis://127.0.0.1:${port}`);
    expect(await outcome(tickClaims(redis, namespace, 'node-a')('deployment', 'cron', '4'))).toMatch(/^failed: /);
  });
});
