import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createApp } from '../../server/app';
import { deleteNamespaceKeys, sharedCounterStore } from '../../server/cluster';
import { ServerConfigSchema } from '../../server/config';
import { MemoryDeploymentStore, MemoryExecutionStore, MemoryProtocolGraphStore } from '../../server/storage';
import { silentLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import { CLUSTER_REDIS_URL } from '../support/cluster-nodes';
import { TcpRelay } from '../support/tcp-relay';

const TOKEN = 'shared-counters-token-0123456789';

/** One node's HTTP side on counts kept in Redis (through `redisUrl`), as a cluster node keeps them. */
async function startNode(redisUrl: string, namespace: string) {
  const config = ServerConfigSchema.parse({ port: 0, bind_address: '127.0.0.1', log_level: 'silent', rate_limit_requests_per_minute: 4, auth_tokens: [TOKEN] });
  // As the cluster's own connection: commands wait for a reconnection rather than fail.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  const services = createServices(config, silentLogger, {
    store: new MemoryExecutionStore(),
    deploymentStore: new MemoryDeploymentStore(),
    protocolGraphStore: new MemoryProtocolGraphStore(),
  });
  const app = createApp({ config, services, logger: silentLogger, sharedCounters: (name) => sharedCounterStore(redis, namespace, name) });
  const url = await app.listen();
  return {
    url,
    close: async () => {
      await services.shutdown(0);
      await app.close();
      await services.close();
      redis.disconnect();
    },
  };
}

const get = (url: string) => fetch(`${url}/workflows`, { headers: { authorization: `Bearer ${TOKEN}` } });

describe('per-client counts kept in Redis', () => {
  const namespace = `sharedcounters_${randomUUID().slice(0, 8)}`;
  const relay = new TcpRelay(6379);
  afterAll(async () => {
    await relay.cut();
    await deleteNamespaceKeys(CLUSTER_REDIS_URL, namespace);
  });

  it('are one budget for two nodes on the same Redis', async () => {
    const [a, b] = [await startNode(CLUSTER_REDIS_URL, namespace), await startNode(CLUSTER_REDIS_URL, namespace)];
    try {
      const statuses: number[] = [];
      for (const node of [a, b, a, b, a, b]) statuses.push((await get(node.url)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);

  it('answer 503 in the envelope, not a held request, while Redis does not answer, and count again once it is back', async () => {
    await relay.start();
    const node = await startNode(`redis://127.0.0.1:${relay.port}`, `${namespace}_relayed`);
    try {
      expect((await get(node.url)).status).toBe(200);
      await relay.cut();
      // Held until Redis came back, this request would never answer: the relay stays cut until it has.
      const refused = await get(node.url);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ success: false, code: 'UNAVAILABLE', error: expect.stringContaining("cluster's Redis") });
      await relay.start();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await get(node.url)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
    } finally {
      await node.close();
      await deleteNamespaceKeys(CLUSTER_REDIS_URL, `${namespace}_relayed`);
    }
  }, 60_000);
});
