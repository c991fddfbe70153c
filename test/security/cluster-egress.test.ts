import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createHttpRequestActor } from '../../server/actors';
import { ServerConfigSchema, type ServerConfigInput } from '../../server/config';
import { EgressDeniedError } from '../../server/outbound-http';
import { egressPolicyOf } from '../../server/services';
import { runNode } from '../support/kits';
import { type TestApp, startTestApp } from '../support/test-app';

interface Listener {
  server: Server;
  port: number;
  hits: string[];
}

// Stand-ins on 127.0.0.1 for the cluster's PostgreSQL and Redis: they only record what reaches them.
async function listen(): Promise<Listener> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

describe("a cluster's own PostgreSQL and Redis, as graphs see them", () => {
  let database: Listener;
  let redis: Listener;
  let other: Listener;
  const clusterConfig = (extra: ServerConfigInput = {}) =>
    ServerConfigSchema.parse({ redis_url: `redis://127.0.0.1:${redis.port}`, database_url: `postgres://wes@127.0.0.1:${database.port}/wes`, ...extra });
  const call = async (url: string, config: ReturnType<typeof clusterConfig>) =>
    (await runNode(createHttpRequestActor({ egress: egressPolicyOf(config) }), { config: { url, retryCount: 2 } })).result;

  beforeAll(async () => {
    [database, redis, other] = await Promise.all([listen(), listen(), listen()]);
  });
  afterAll(async () => {
    for (const { server } of [database, redis, other]) await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    for (const listener of [database, redis, other]) listener.hits.length = 0;
  });

  it('refuses an HTTP request node at their host and port, in any loopback spelling, naming the config key, with nothing sent', async () => {
    const config = clusterConfig();
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.2', '[::ffff:127.0.0.1]', '2130706433']) {
      const toRedis = await call(`http://${host}:${redis.port}/`, config);
      expect(toRedis.success).toBe(false);
      expect(toRedis.errors[0].message).toMatch(
        new RegExp(`failed after 1 attempt: egress policy refuses .*\\(the cluster's redis_url 127\\.0\\.0\\.1:${redis.port}\\)`),
      );
      const toDatabase = await call(`http://${host}:${database.port}/`, config);
      expect(toDatabase.errors[0].message).toMatch(new RegExp(`egress policy refuses .*\\(the cluster's database_url 127\\.0\\.0\\.1:${database.port}\\)`));
    }
    expect(redis.hits).toEqual([]);
    expect(database.hits).toEqual([]);
  });

  it('refuses the database and broker clients of graphs too', async () => {
    const policy = egressPolicyOf(clusterConfig());
    await expect(policy.checkedAddress('127.0.0.1', database.port)).rejects.toThrow(EgressDeniedError);
    await expect(policy.checkedAddress('localhost', redis.port)).rejects.toThrow(/the cluster's redis_url/);
    await expect(policy.checkedAddress('127.0.0.1', other.port)).resolves.toBe('127.0.0.1');
  });

  it('lets another loopback port through', async () => {
    const result = await call(`http://127.0.0.1:${other.port}/free`, clusterConfig());
    expect(result.success).toBe(true);
    expect(other.hits).toEqual(['/free']);
  });

  it('lets them through only for an egress_allow entry naming the host itself, not a range around it', async () => {
    const ranged = await call(`http://127.0.0.1:${redis.port}/`, clusterConfig({ egress_allow: ['127.0.0.0/8'] }));
    expect(ranged.errors[0].message).toMatch(/the cluster's redis_url/);
    expect(redis.hits).toEqual([]);
    const named = await call(`http://127.0.0.1:${redis.port}/named`, clusterConfig({ egress_allow: ['127.0.0.1'] }));
    expect(named.success).toBe(true);
    expect(redis.hits).toEqual(['/named']);
  });

  it('reserves nothing on a single node', async () => {
    const single = ServerConfigSchema.parse({});
    const result = (await runNode(createHttpRequestActor({ egress: egressPolicyOf(single) }), { config: { url: `http://127.0.0.1:${redis.port}/single` } }))
      .result;
    expect(result.success).toBe(true);
    expect(redis.hits).toEqual(['/single']);
  });

  describe('in a running workflow', () => {
    let app: TestApp;
    beforeAll(async () => {
      // The cluster's URLs shape the egress policy; the stores stay in memory, so nothing connects to them.
      app = await startTestApp({ config: { redis_url: `redis://127.0.0.1:${redis.port}`, database_url: `postgres://wes@127.0.0.1:${database.port}/wes` } });
    });
    afterAll(() => app.close());

    it('fails the run at the HTTP request node with the policy message', async () => {
      const graph = {
        processes: { get: { component: 'tpl_http_request', metadata: { config: { url: `http://localhost:${database.port}/`, retryCount: 0 } } } },
      };
      const { data } = await app.client.startWorkflow({ graph_json: graph });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('failed');
      expect(execution.result!.errors[0].message).toMatch(/egress policy refuses localhost.*the cluster's database_url/);
      expect(database.hits).toEqual([]);
    });
  });
});
