import { randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ServerConfigSchema } from '../server/config';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 503 to the first `failures` deliveries, then 204. */
async function receiver(failures: number): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(deliveries.length <= failures ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries, server };
}

const graph = {
  processes: { double: { component: 'tpl_math_multiply' } },
  connections: [{ data: 2, tgt: { process: 'double', port: 'b-in' } }],
  inports: { n: { process: 'double', port: 'a-in' } },
  outports: { product: { process: 'double', port: 'result-out' } },
};

const signatureHeaders = (delivery: Delivery): Record<string, string> => ({
  'webhook-id': String(delivery.headers['webhook-id']),
  'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
  'webhook-signature': String(delivery.headers['webhook-signature']),
});

describe('signed completion webhooks', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  let app: TestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    app = await startTestApp({ config: { webhook_signing_secret: secret } });
    hook = await receiver(1);
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => hook.server.close(resolve));
  });

  it('carry Standard Webhooks headers that verify, keep their id and signature on a retry, and fail verification when the body is changed', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: graph, input: { n: 21 }, metadata: { webhook_url: hook.url } });
    await app.client.waitForCompletion(data!.data.execution_id);
    await waitFor(() => hook.deliveries.length === 2);

    const [refused, accepted] = hook.deliveries;
    const payload = new Webhook(secret).verify(accepted.body, signatureHeaders(accepted)) as {
      execution_id: string;
      status: string;
      result: { outputs: unknown };
    };
    expect(payload).toMatchObject({ execution_id: data!.data.execution_id, status: 'completed', result: { outputs: { product: 42 } } });
    expect(accepted.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(signatureHeaders(refused)).toEqual(signatureHeaders(accepted));
    expect(refused.body).toBe(accepted.body);
    expect(Math.abs(Number(accepted.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

    const tampered = accepted.body.replace('"completed"', '"failed"');
    expect(tampered).not.toBe(accepted.body);
    expect(() => new Webhook(secret).verify(tampered, signatureHeaders(accepted))).toThrow(/signature/i);
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(accepted.body, signatureHeaders(accepted))).toThrow(/signature/i);
  });

  it('give each execution its own id', async () => {
    const before = hook.deliveries.length;
    const { data } = await app.client.startWorkflow({ graph_json: graph, input: { n: 1 }, metadata: { webhook_url: hook.url } });
    await app.client.waitForCompletion(data!.data.execution_id);
    await waitFor(() => hook.deliveries.length === before + 1);
    expect(hook.deliveries[before].headers['webhook-id']).not.toBe(hook.deliveries[0].headers['webhook-id']);
    expect(new Webhook(secret).verify(hook.deliveries[before].body, signatureHeaders(hook.deliveries[before]))).toMatchObject({ status: 'completed' });
  });
});

describe('webhook_signing_secret', () => {
  it('leaves webhooks unsigned when unset', async () => {
    const app = await startTestApp();
    const hook = await receiver(0);
    try {
      const { data } = await app.client.startWorkflow({ graph_json: graph, input: { n: 2 }, metadata: { webhook_url: hook.url } });
      await app.client.waitForCompletion(data!.data.execution_id);
      await waitFor(() => hook.deliveries.length === 1);
      expect(Object.keys(hook.deliveries[0].headers).filter((name) => name.startsWith('webhook-'))).toEqual([]);
      expect(JSON.parse(hook.deliveries[0].body)).toMatchObject({ status: 'completed' });
    } finally {
      await app.close();
      await new Promise((resolve) => hook.server.close(resolve));
    }
  });

  it.each([
    ['abc', "starts with 'whsec_'"],
    ['whsec_not base64!', "is 'whsec_' and the key in base64"],
    [`whsec_${randomBytes(8).toString('base64')}`, 'holds a key of 24 to 64 bytes (this one has 8)'],
    [`whsec_${randomBytes(65).toString('base64')}`, 'holds a key of 24 to 64 bytes (this one has 65)'],
  ])('refuses %s, saying why', (secret, why) => {
    const parsed = ServerConfigSchema.safeParse({ webhook_signing_secret: secret });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['webhook_signing_secret'], message: `a signing secret ${why}` })]);
  });
});
