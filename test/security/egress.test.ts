import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createHttpRequestActor } from '../../server/actors';
import { WebhookNotifier } from '../../server/executions';
import { EgressPolicy } from '../../server/outbound-http';
import { runNode } from '../support/kits';
import { type TestApp, startTestApp } from '../support/test-app';

interface Local {
  server: Server;
  port: number;
  hits: string[];
}

async function listen(host: string, handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('ok')): Promise<Local> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

async function call(url: string, egress: EgressPolicy) {
  const { result } = await runNode(createHttpRequestActor({ egress }), { config: { url, retryCount: 2 } });
  return result;
}

describe('the egress policy (loopback addresses only)', () => {
  let target: Local;
  let beyond: Local;
  beforeAll(async () => {
    target = await listen('127.0.0.1', (req, res) => {
      if (req.url === '/hop') res.writeHead(302, { location: `http://127.0.0.2:${beyond.port}/landed` }).end();
      else res.end('ok');
    });
    beyond = await listen('127.0.0.2');
  });
  afterAll(async () => {
    await new Promise((resolve) => target.server.close(resolve));
    await new Promise((resolve) => beyond.server.close(resolve));
  });
  beforeEach(() => {
    target.hits.length = 0;
    beyond.hits.length = 0;
  });

  it('refuses a denied address in every spelling, naming the policy, without a retry or a packet to it', async () => {
    const policy = new EgressPolicy({ deny: ['127.0.0.0/8'] });
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]', 'localhost']) {
      const result = await call(`http://${host}:${target.port}/`, policy);
      expect(result.success).toBe(false);
      expect(result.errors[0].message).toMatch(/failed after 1 attempt: egress policy refuses .*egress_deny/);
    }
    expect(target.hits).toEqual([]);
  });

  it('refuses the unspecified address and link-local ones by default', async () => {
    const result = await call(`http://0.0.0.0:${target.port}/`, new EgressPolicy());
    expect(result.errors[0].message).toMatch(/egress policy refuses 0\.0\.0\.0 \(egress_deny covers 0\.0\.0\.0\)/);
    expect(new EgressPolicy().refusal('metadata', '169.254.169.254', 80)).toBe('egress_deny covers 169.254.169.254');
    expect(new EgressPolicy().refusal('x', 'fe80::1', 80)).toBe('egress_deny covers fe80::1');
    expect(target.hits).toEqual([]);
  });

  it('checks every redirect: a hop to a denied address is refused', async () => {
    const result = await call(`http://127.0.0.1:${target.port}/hop`, new EgressPolicy({ deny: ['127.0.0.2/32'] }));
    expect(result.errors[0].message).toMatch(/egress policy refuses 127\.0\.0\.2/);
    expect(target.hits).toEqual(['/hop']);
    expect(beyond.hits).toEqual([]);
  });

  it('lets an allowed address through a deny rule: allow wins', async () => {
    const result = await call(`http://127.0.0.1:${target.port}/`, new EgressPolicy({ deny: ['127.0.0.0/8'], allow: ['127.0.0.1'] }));
    expect(result.success).toBe(true);
    expect(target.hits).toEqual(['/']);
  });

  it("refuses the service's own address and port", async () => {
    const result = await call(`http://localhost:${target.port}/`, new EgressPolicy({ ownPort: () => target.port }));
    expect(result.errors[0].message).toMatch(/the service's own address and port/);
    expect(target.hits).toEqual([]);
  });

  it('applies to webhooks', async () => {
    const notifier = new WebhookNotifier({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }), retries: 0 });
    await notifier.notify(`http://127.0.0.1:${target.port}/hook`, { n: 1 });
    expect(target.hits).toEqual([]);
  });

  describe('configured on the server', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ config: { egress_deny: ['127.0.0.0/8'] } });
    });
    afterAll(() => app.close());

    it('refuses what egress_deny names in a running workflow', async () => {
      const graph = { processes: { get: { component: 'tpl_http_request', metadata: { config: { url: `http://127.0.0.1:${target.port}/`, retryCount: 0 } } } } };
      const { data } = await app.client.startWorkflow({ graph_json: graph });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('failed');
      expect(execution.result!.errors[0].message).toMatch(/egress policy refuses 127\.0\.0\.1/);
      expect(target.hits).toEqual([]);
    });
  });
});
