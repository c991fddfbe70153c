import { startServerProcess } from '../support/server-process';
import { type TestCluster, testCluster } from '../support/cluster-nodes';
import { TcpRelay } from '../support/tcp-relay';
import { waitFor } from '../support/wait-for';

async function ready(url: string): Promise<{ status: number; body: { success: boolean; code?: string; error?: string } }> {
  const response = await fetch(`${url}/ready`);
  return { status: response.status, body: (await response.json()) as { success: boolean; code?: string; error?: string } };
}

describe('a cluster node and the servers it needs', () => {
  let cluster: TestCluster;
  const redis = new TcpRelay(6379);
  const postgres = new TcpRelay(5432);
  beforeAll(async () => {
    cluster = testCluster('clusterready');
    await redis.start();
    await postgres.start();
  });
  afterAll(async () => {
    await cluster.destroy();
    await redis.cut();
    await postgres.cut();
  }, 30_000);

  it('is ready while Redis and PostgreSQL answer, and answers 503 naming the one that does not', async () => {
    const node = await cluster.start('relayed', [], {
      ENGINE_REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      ENGINE_DATABASE_URL: `postgres://postgres@127.0.0.1:${postgres.port}/test`,
    });
    expect(await ready(node.url)).toMatchObject({ status: 200, body: { success: true } });
    await redis.cut();
    await waitFor(async () => (await ready(node.url)).status === 503, { what: '/ready to fail without Redis', timeoutMs: 10_000, intervalMs: 200 });
    expect((await ready(node.url)).body).toMatchObject({ success: false, code: 'UNAVAILABLE', error: expect.stringContaining('Redis is unreachable') });
    await redis.start();
    await waitFor(async () => (await ready(node.url)).status === 200, { what: '/ready once Redis is back', timeoutMs: 15_000, intervalMs: 200 });
    await postgres.cut();
    await waitFor(async () => (await ready(node.url)).status === 503, { what: '/ready to fail without PostgreSQL', timeoutMs: 10_000, intervalMs: 200 });
    expect((await ready(node.url)).body).toMatchObject({ success: false, code: 'UNAVAILABLE', error: expect.stringContaining('PostgreSQL') });
    await postgres.start();
    await waitFor(async () => (await ready(node.url)).status === 200, { what: '/ready once PostgreSQL is back', timeoutMs: 15_000, intervalMs: 200 });
  }, 60_000);

  it.each([
    ['redis_url', { ENGINE_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }],
    ['database_url', { ENGINE_REDIS_URL: 'redis://127.0.0.1:6379' }],
  ])(
    'refuses to start with only one of the two URLs, naming the missing %s',
    async (missing, env) => {
      await expect(startServerProcess([], { env })).rejects.toThrow(
        new RegExp(`exited with 2: Invalid configuration: '${missing}': cluster mode needs both redis_url and database_url`),
      );
    },
    30_000,
  );
});
