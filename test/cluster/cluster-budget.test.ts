import { Redis } from 'ioredis';
import { MAX_FAILED_TOKENS_PER_MINUTE } from '../../server/guards';
import { CLUSTER_REDIS_URL, type TestCluster, testCluster } from '../support/cluster-nodes';
import { type ServerProcess } from '../support/server-process';

const TOKEN = 'cluster-budget-token-0123456789';
const LIMIT = 6;

// Addresses of the documentation ranges (RFC 5737), named by the trusted proxy (the test) in X-Forwarded-For only.
async function statusOf(node: ServerProcess, path: string, client: string, token = TOKEN): Promise<number> {
  const response = await fetch(`${node.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client } });
  await response.arrayBuffer();
  return response.status;
}

describe('the request budget and the wrong-token lock-out of a cluster', () => {
  let cluster: TestCluster;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    cluster = testCluster('clusterbudget');
    const args = ['--rate-limit-requests-per-minute', String(LIMIT), '--auth-tokens', TOKEN, '--trust-proxy', 'loopback'];
    [a, b] = await Promise.all([cluster.start('budget-a', args), cluster.start('budget-b', args)]);
  }, 60_000);
  afterAll(async () => {
    await cluster.destroy();
  }, 30_000);

  it('is one budget for both nodes: the requests of a client over both are limited in sum', async () => {
    const client = '203.0.113.1';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push(await statusOf(i % 2 === 0 ? a : b, '/workflows', client));
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    expect(await statusOf(a, '/workflows', client)).toBe(429);
    expect(await statusOf(b, '/workflows', client)).toBe(429);
    // Another client has its whole budget, on either node.
    expect(await statusOf(b, '/workflows', '203.0.113.2')).toBe(200);
  }, 30_000);

  it('locks a client out on every node once its wrong tokens over all nodes reach the limit', async () => {
    const guesser = '203.0.113.3';
    // On /metrics, outside the budget, so that only the lock-out can refuse.
    for (let i = 0; i < MAX_FAILED_TOKENS_PER_MINUTE; i++) {
      expect(await statusOf(i % 2 === 0 ? a : b, '/metrics', guesser, `wrong-token-${i}-0123456789`)).toBe(401);
    }
    expect(await statusOf(a, '/metrics', guesser)).toBe(429);
    expect(await statusOf(b, '/metrics', guesser)).toBe(429);
    expect(await statusOf(a, '/metrics', '203.0.113.4')).toBe(200);
  }, 30_000);

  it("keeps the counts in Redis under the cluster's namespace", async () => {
    const redis = new Redis(CLUSTER_REDIS_URL);
    try {
      const keys = (await redis.keys(`${cluster.namespace}:*`)).sort();
      expect(keys).toEqual(expect.arrayContaining([`${cluster.namespace}:rate-limit:203.0.113.1`, `${cluster.namespace}:auth-failures:203.0.113.3`]));
      expect(Number(await redis.get(`${cluster.namespace}:auth-failures:203.0.113.3`))).toBe(MAX_FAILED_TOKENS_PER_MINUTE);
      expect(await redis.pttl(`${cluster.namespace}:rate-limit:203.0.113.1`)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
