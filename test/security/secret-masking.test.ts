import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type TestApp, startTestApp } from '../support/test-app';

const SECRET = 'sup3r/s3cret value';
const ENCODED = encodeURIComponent(SECRET);

describe('secret masking', () => {
  let app: TestApp;
  let server: Server;
  let base: string;
  const webhooks: string[] = [];
  beforeAll(async () => {
    process.env.MASKTEST_API_KEY = SECRET;
    app = await startTestApp({ config: { secret_env_prefix: 'MASKTEST_' } });
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/hook') webhooks.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ seen: req.url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.MASKTEST_API_KEY;
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Runs a one-node graph to its end and returns everything the service kept or sent of it, as text. */
  async function everythingOf(process: { component: string; metadata: { config: Record<string, unknown> } }): Promise<string> {
    const graph = { processes: { n: process }, outports: {} };
    const { data } = await app.client.startWorkflow({ graph_json: graph, metadata: { webhook_url: `${base}/hook` } });
    const id = data!.data.execution_id;
    const execution = await app.client.waitForCompletion(id);
    const events = await fetch(`${app.url}/workflows/${id}/events`).then((response) => response.text());
    const deadline = Date.now() + 5000;
    while (!webhooks.some((body) => body.includes(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return [
      JSON.stringify(execution),
      events,
      JSON.stringify(app.store.get(id)),
      JSON.stringify(app.store.readEvents(id, 1, 1000)),
      webhooks.find((body) => body.includes(id)) ?? 'no webhook',
    ].join('\n');
  }

  it('masks a secret a script returns, in outputs, events, the stored record and the webhook', async () => {
    const text = await everythingOf({ component: 'tpl_javascript_script', metadata: { config: { script: "return 'token: ${secret:API_KEY}'" } } });
    expect(text).not.toContain(SECRET);
    expect(text).toContain('token: ***');
    expect(text).not.toContain('no webhook');
  });

  it('masks a secret an expression fails on, in its error messages', async () => {
    const text = await everythingOf({ component: 'tpl_math_expression', metadata: { config: { expression: 'nope("${secret:API_KEY}")' } } });
    expect(text).not.toContain(SECRET);
    expect(text).toContain('***');
    expect(text).toContain('"success":false');
  });

  it("masks a secret in an HTTP call's query string, encoded as it is there", async () => {
    const text = await everythingOf({ component: 'tpl_http_request', metadata: { config: { url: `${base}/x?key=\${secret:API_KEY}`, retryCount: 0 } } });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(ENCODED);
    expect(text).not.toContain(encodeURI(SECRET));
    expect(text).toContain('key=***');
  });
});
