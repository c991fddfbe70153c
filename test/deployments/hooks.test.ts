import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type GraphJson } from '../../model';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';

const TOKEN = 'hook-token-0123456789';

/** request -> script -> response: answers `{greeting, n}` from the body's name and n. */
function greetGraph(requestConfig: Record<string, unknown> = {}, responseConfig: Record<string, unknown> = {}): GraphJson {
  return {
    processes: {
      request: { component: 'tpl_server_request', metadata: { config: { path: '/greet', method: 'POST', ...requestConfig } } },
      greet: {
        component: 'tpl_javascript_script',
        metadata: {
          config: {
            script:
              "return { greeting: 'Hello ' + data.body.name, n: data.body.n * 2, agent: data.headers['user-agent'] || null, auth: data.headers.authorization || null }",
          },
        },
      },
      respond: { component: 'tpl_server_response', metadata: { config: { statusCode: 201, ...responseConfig } } },
    },
    connections: [
      { src: { process: 'request', port: 'request-out' }, tgt: { process: 'greet', port: 'data-in' } },
      { src: { process: 'greet', port: 'result-out' }, tgt: { process: 'respond', port: 'data-in' } },
    ],
  };
}

describe('deployment hooks', () => {
  let app: TestApp;
  let secretsDir: string;
  let slow: SlowServer;

  beforeAll(async () => {
    secretsDir = mkdtempSync(join(tmpdir(), 'engine-hook-secrets-'));
    writeFileSync(join(secretsDir, 'HOOK_TOKEN'), TOKEN);
    writeFileSync(join(secretsDir, 'BASIC_PAIR'), 'ada:lovelace');
    // The timeout leaves a machine loaded by other test files time to start a schema-checking worker; the slow
    // server outlasts it.
    slow = await startSlowServer(20_000);
    app = await startTestApp({ config: { secrets_dir: secretsDir, hook_timeout_ms: 10_000 } });
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
    rmSync(secretsDir, { recursive: true, force: true });
  });

  const deploy = async (body: Record<string, unknown>) => {
    const response = await fetch(`${app.url}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const executionCount = async () => (await app.store.list({ limit: 1000 })).items.length;

  it('answers a request with what its run sends to the Server Response node, and records the run as a hook execution', async () => {
    expect((await deploy({ name: 'greeter', graph_json: greetGraph() })).status).toBe(201);
    const response = await fetch(`${app.url}/hooks/greeter/greet?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'hook-test' },
      body: JSON.stringify({ name: 'Ada', n: 21 }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ greeting: 'Hello Ada', n: 42, agent: 'hook-test', auth: null });
    const executionId = response.headers.get('x-execution-id')!;
    const execution = await app.client.waitForCompletion(executionId);
    expect(execution).toMatchObject({ status: 'completed', source: 'hook' });
  });

  it('refuses a caller without the bearer token with 401 and starts nothing, and lets the right token in without showing it to the run', async () => {
    expect((await deploy({ name: 'guarded', graph_json: greetGraph({ authentication: 'Bearer Token' }) })).status).toBe(201);
    const before = await executionCount();
    const refused = await fetch(`${app.url}/hooks/guarded/greet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong-token-0000000' },
      body: '{"name":"Eve","n":1}',
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', error: expect.stringContaining('Bearer Token') });
    expect(await executionCount()).toBe(before);
    const allowed = await fetch(`${app.url}/hooks/guarded/greet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: '{"name":"Bob","n":2}',
    });
    expect(allowed.status).toBe(201);
    expect(await allowed.json()).toMatchObject({ greeting: 'Hello Bob', n: 4, auth: null });
  });

  it('checks an API key header and Basic credentials against their secrets', async () => {
    await deploy({ name: 'keyed', graph_json: greetGraph({ authentication: 'API Key', apiKeyHeader: 'X-Key' }) });
    await deploy({ name: 'basic', graph_json: greetGraph({ authentication: 'Basic Auth', authSecret: 'BASIC_PAIR' }) });
    const body = '{"name":"K","n":0}';
    const json = { 'content-type': 'application/json' };
    expect((await fetch(`${app.url}/hooks/keyed/greet`, { method: 'POST', headers: json, body })).status).toBe(401);
    expect((await fetch(`${app.url}/hooks/keyed/greet`, { method: 'POST', headers: { ...json, 'x-key': TOKEN }, body })).status).toBe(201);
    const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;
    expect((await fetch(`${app.url}/hooks/basic/greet`, { method: 'POST', headers: { ...json, authorization: basic('ada:wrong') }, body })).status).toBe(401);
    expect((await fetch(`${app.url}/hooks/basic/greet`, { method: 'POST', headers: { ...json, authorization: basic('ada:lovelace') }, body })).status).toBe(
      201,
    );
  });

  it('answers 504 in the envelope when the run gives no answer in time, and lets the run go on with continue_on_timeout', async () => {
    const graph: GraphJson = {
      processes: {
        request: { component: 'tpl_server_request', metadata: { config: { path: '/slow' } } },
        call: { component: 'tpl_http_request', metadata: { config: { url: slow.url, method: 'GET' } } },
        respond: { component: 'tpl_server_response' },
      },
      connections: [
        { src: { process: 'request', port: 'request-out' }, tgt: { process: 'call', port: 'data-in' } },
        { src: { process: 'call', port: 'response-out' }, tgt: { process: 'respond', port: 'data-in' } },
      ],
    };
    expect((await deploy({ name: 'slowpoke', graph_json: graph, continue_on_timeout: true })).status).toBe(201);
    const response = await fetch(`${app.url}/hooks/slowpoke/slow`);
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ success: false, code: 'TIMEOUT' });
    const execution = await app.client.waitForCompletion(response.headers.get('x-execution-id')!, { timeoutMs: 40_000 });
    expect(execution.status).toBe('completed');
  }, 60_000);

  it('answers 500 in the envelope, naming the failure, when the run fails before answering', async () => {
    const graph = greetGraph();
    graph.processes = {
      ...graph.processes,
      greet: { component: 'tpl_javascript_script', metadata: { config: { script: "throw new Error('no greeting for ' + data.body.name)" } } },
    };
    await deploy({ name: 'broken', graph_json: graph });
    const response = await fetch(`${app.url}/hooks/broken/greet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Zed","n":1}',
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false, code: 'WORKFLOW_FAILED', error: expect.stringContaining('no greeting for Zed') });
  });

  it("answers 400 for a body that fails the node's JSON Schema, and for a JSON body that is not JSON", async () => {
    await deploy({
      name: 'checked',
      graph_json: greetGraph({ validation: JSON.stringify({ type: 'object', required: ['name'], properties: { n: { type: 'number' } } }) }),
    });
    const invalid = await fetch(`${app.url}/hooks/checked/greet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"three"}' });
    expect(invalid.status).toBe(400);
    const envelope = (await invalid.json()) as { details: { message: string }[] };
    expect(envelope).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(envelope.details.map((d) => d.message).join(' ')).toMatch(/name/);
    const malformed = await fetch(`${app.url}/hooks/checked/greet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('not JSON') });
  });

  it('answers 404 without naming any hook for an unknown path or deployment, and 405 for another method', async () => {
    const wrongPath = await fetch(`${app.url}/hooks/greeter/other`, { method: 'POST' });
    expect(wrongPath.status).toBe(404);
    const notFound = (await wrongPath.json()) as { error: string };
    expect(notFound).toMatchObject({ code: 'NOT_FOUND' });
    expect(notFound.error).not.toContain('/greet');
    const wrongMethod = await fetch(`${app.url}/hooks/greeter/greet`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await wrongMethod.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', error: expect.stringContaining('does not answer GET') });
    expect((await fetch(`${app.url}/hooks/nobody/greet`)).status).toBe(404);
  });

  it('writes redirects, text bodies from responseFormat and compresses large bodies for clients that accept gzip', async () => {
    const echo: GraphJson = {
      processes: {
        request: { component: 'tpl_server_request', metadata: { config: { path: '/text', dataFormat: 'Plain Text' } } },
        pick: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data.body' } } },
        respond: {
          component: 'tpl_server_response',
          metadata: { config: { contentType: 'text/plain', responseFormat: 'got: ${data}', cache: 'Public', cacheMaxAge: 60 } },
        },
      },
      connections: [
        { src: { process: 'request', port: 'request-out' }, tgt: { process: 'pick', port: 'data-in' } },
        { src: { process: 'pick', port: 'result-out' }, tgt: { process: 'respond', port: 'data-in' } },
      ],
    };
    await deploy({ name: 'echo', graph_json: echo });
    const big = 'x'.repeat(5000);
    const response = await fetch(`${app.url}/hooks/echo/text`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: big });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.text()).toBe(`got: ${big}`);
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      // fetch decompresses on its own; ask with node:http to see the bytes on the wire.
      void import('node:http').then(({ request }) => {
        const req = request(`${app.url}/hooks/echo/text`, { method: 'POST', headers: { 'content-type': 'text/plain', 'accept-encoding': 'gzip' } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
        });
        req.on('error', reject);
        req.end(big);
      });
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(`got: ${big}`);

    const away: GraphJson = {
      processes: {
        request: { component: 'tpl_server_request', metadata: { config: { path: '/away' } } },
        respond: { component: 'tpl_server_response', metadata: { config: { responseType: 'Redirect', redirectUrl: '/hooks/greeter/greet' } } },
      },
      connections: [{ src: { process: 'request', port: 'request-out' }, tgt: { process: 'respond', port: 'data-in' } }],
    };
    await deploy({ name: 'away', graph_json: away });
    const redirect = await fetch(`${app.url}/hooks/away/away`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/hooks/greeter/greet');
  });

  it('runs a workflow with a Server Request node headless, taking the request from the input and keeping the answer as the output', async () => {
    const started = await app.client.startWorkflow({ graph_json: greetGraph(), input: { request: { body: { name: 'Solo', n: 5 } } } });
    const execution = await app.client.waitForCompletion(started.data!.data.execution_id);
    expect(execution.status).toBe('completed');
    expect(execution.result!.outputs.response).toMatchObject({ status: 201, body: JSON.stringify({ greeting: 'Hello Solo', n: 10, agent: null, auth: null }) });
  });
});
