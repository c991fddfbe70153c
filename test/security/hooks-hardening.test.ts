import { type Browser } from 'playwright-core';
import { type GraphJson } from '../../model';
import { launchChromium } from '../support/chromium';
import { multiplyGraph } from '../support/graphs';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const TOKEN = 'hooks-hardening-token-7c1e';
const auth = { authorization: `Bearer ${TOKEN}` };

/** request -> an HTTP call to `url`, which never answers in the test -> response. */
function waitingGraph(url: string, method = 'GET'): GraphJson {
  return {
    processes: {
      request: { component: 'tpl_server_request', metadata: { config: { path: '/wait', method } } },
      call: { component: 'tpl_http_request', metadata: { config: { url, method: 'GET', timeout: 120_000, retryCount: 0 } } },
      respond: { component: 'tpl_server_response' },
    },
    connections: [
      { src: { process: 'request', port: 'request-out' }, tgt: { process: 'call', port: 'data-in' } },
      { src: { process: 'call', port: 'response-out' }, tgt: { process: 'respond', port: 'data-in' } },
    ],
  };
}

/** request -> response, answering at once with `responseConfig`. */
function answerGraph(path: string, method: string, requestConfig: Record<string, unknown>, responseConfig: Record<string, unknown>): GraphJson {
  return {
    processes: {
      request: { component: 'tpl_server_request', metadata: { config: { path, method, ...requestConfig } } },
      respond: { component: 'tpl_server_response', metadata: { config: responseConfig } },
    },
    connections: [{ src: { process: 'request', port: 'request-out' }, tgt: { process: 'respond', port: 'data-in' } }],
  };
}

/** The mappings of a Server Response node that set each header of `headers` to its literal value. */
function literalHeaders(headers: Record<string, string>) {
  return [
    { operations: [{ type: 'map', enabled: true, mapping: Object.entries(headers).map(([targetField, sourceField]) => ({ sourceField, targetField })) }] },
  ];
}

describe('hook hardening', () => {
  let app: TestApp;
  let never: SlowServer;

  beforeAll(async () => {
    // An upstream that never answers within the test, so that hook runs wait on it until cancelled.
    never = await startSlowServer(600_000);
    app = await startTestApp({ config: { auth_tokens: [TOKEN], hook_timeout_ms: 3000, max_concurrent_hook_runs: 2, max_concurrent_executions: 4 } });
  });
  afterAll(async () => {
    await app.close();
    await never.close();
  });

  const deploy = async (body: Record<string, unknown>) => {
    const response = await fetch(`${app.url}/deployments`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
  };
  const executions = async () => (await app.store.list({ limit: 1000 })).items;
  const statusOf = async (id: string) => (await app.executions.get(id)).status;

  it('refuses hook calls beyond max_concurrent_hook_runs with 429 and Retry-After, starting nothing, while an API run starts and ends at once', async () => {
    await deploy({ name: 'capped', graph_json: waitingGraph(never.url) });
    const upstreamBefore = never.requests;
    const held = [0, 1].map(() => fetch(`${app.url}/hooks/capped/wait`));
    await waitFor(() => never.requests === upstreamBefore + 2, { timeoutMs: 10_000, what: 'both hook runs calling the upstream' });
    const countBefore = (await executions()).length;

    const refused = await Promise.all(Array.from({ length: 6 }, () => fetch(`${app.url}/hooks/capped/wait`)));
    for (const response of refused) {
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('x-execution-id')).toBeNull();
      expect(await response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', error: expect.stringContaining('capped') });
    }
    expect((await executions()).length).toBe(countBefore);
    expect(never.requests).toBe(upstreamBefore + 2);

    // Two of the four execution slots are held by the hook's runs: an API run takes a free one and completes
    // while they still wait.
    const started = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 6, y: 7 } });
    const api = await app.client.waitForCompletion(started.data!.data.execution_id, { timeoutMs: 10_000 });
    expect(api.status).toBe('completed');
    const hookRuns = (await executions()).filter((execution) => execution.source === 'hook' && execution.status === 'running');
    expect(hookRuns).toHaveLength(2);

    // After the 504s the runs are cancelled, and their places are free again.
    const answers = await Promise.all(held);
    expect(answers.map((response) => response.status)).toEqual([504, 504]);
    for (const response of answers)
      await waitFor(async () => (await statusOf(response.headers.get('x-execution-id')!)) === 'cancelled', { timeoutMs: 10_000, what: 'the run cancelled' });
    const again = fetch(`${app.url}/hooks/capped/wait`);
    await waitFor(() => never.requests === upstreamBefore + 3, { timeoutMs: 10_000, what: 'a new run calling the upstream' });
    const last = await again;
    expect(last.status).toBe(504);
    await waitFor(async () => (await statusOf(last.headers.get('x-execution-id')!)) === 'cancelled', { timeoutMs: 10_000, what: 'the last run cancelled' });
    await waitFor(() => never.aborted === 3, { timeoutMs: 10_000, what: 'the upstream calls closed' });
  }, 60_000);

  it('cancels the run of a hook whose caller got 504 or went away, and lets it go on with continue_on_timeout', async () => {
    await deploy({ name: 'cancelling', graph_json: waitingGraph(never.url) });
    await deploy({ name: 'patient', graph_json: waitingGraph(never.url), continue_on_timeout: true });
    const abortedBefore = never.aborted;

    const [timedOut, kept] = await Promise.all([fetch(`${app.url}/hooks/cancelling/wait`), fetch(`${app.url}/hooks/patient/wait`)]);
    expect(timedOut.status).toBe(504);
    expect(await timedOut.json()).toMatchObject({ code: 'TIMEOUT', error: expect.stringContaining('it is cancelled') });
    expect(kept.status).toBe(504);
    expect(await kept.json()).toMatchObject({ code: 'TIMEOUT', error: expect.stringContaining('it goes on running') });
    const cancelledId = timedOut.headers.get('x-execution-id')!;
    const keptId = kept.headers.get('x-execution-id')!;
    await waitFor(async () => (await statusOf(cancelledId)) === 'cancelled', { timeoutMs: 10_000, what: 'the timed-out run cancelled' });
    // The cancelled run's call to the upstream was closed, and only that one.
    await waitFor(() => never.aborted === abortedBefore + 1, { timeoutMs: 5000, what: 'the upstream call closed' });
    expect((await app.executions.get(cancelledId)).result?.errors[0]?.message).toMatch(/no answer in time/);
    expect(await statusOf(keptId)).toBe('running');

    // A caller that closes its connection before the answer: its run is cancelled as well.
    const requestsBefore = never.requests;
    const caller = new AbortController();
    const gone = fetch(`${app.url}/hooks/cancelling/wait`, { signal: caller.signal }).catch((error: Error) => error.name);
    await waitFor(() => never.requests === requestsBefore + 1, { timeoutMs: 10_000, what: 'the run calling the upstream' });
    caller.abort();
    expect(await gone).toBe('AbortError');
    await waitFor(
      async () => (await executions()).some((e) => e.status === 'cancelled' && e.id !== cancelledId && /went away/.test(e.result?.errors[0]?.message ?? '')),
      { timeoutMs: 10_000, what: 'the abandoned run cancelled' },
    );

    expect(await statusOf(keptId)).toBe('running');
    await app.executions.cancel(keptId);
  }, 60_000);

  it("keeps the service's security headers whatever the answer sets, and sandboxes every hook answer", async () => {
    const forged = {
      'Content-Security-Policy': "default-src * 'unsafe-inline' 'unsafe-eval'",
      'X-Frame-Options': 'ALLOWALL',
      'X-Content-Type-Options': 'sniff',
      'Access-Control-Allow-Origin': 'https://attacker.invalid',
      'Access-Control-Allow-Credentials': 'true',
      'Set-Cookie': 'session=forged; Path=/',
      'Clear-Site-Data': '"storage"',
      'X-Shop': 'demo',
    };
    await deploy({
      name: 'forger',
      graph_json: answerGraph('/page', 'GET', {}, { contentType: 'text/html', responseFormat: '<h1>hi</h1>', headers: literalHeaders(forged) }),
    });
    const service = await fetch(`${app.url}/workflows`);
    const serviceCsp = service.headers.get('content-security-policy')!;
    expect(serviceCsp).toContain("script-src 'self'");

    const page = await fetch(`${app.url}/hooks/forger/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<h1>hi</h1>');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-shop')).toBe('demo');
    expect(page.headers.get('content-security-policy')).toBe(`${serviceCsp}; sandbox allow-scripts allow-forms allow-popups allow-downloads`);
    expect(page.headers.get('content-security-policy')).not.toContain('allow-same-origin');
    expect(page.headers.get('x-frame-options')).toBe(service.headers.get('x-frame-options'));
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('access-control-allow-origin')).toBe(service.headers.get('access-control-allow-origin'));
    expect(page.headers.get('access-control-allow-credentials')).toBeNull();
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.headers.get('clear-site-data')).toBeNull();

    // Refusals of hooks carry the sandbox too.
    const missing = await fetch(`${app.url}/hooks/forger/nothing-here`);
    expect(missing.headers.get('content-security-policy')).toContain('sandbox allow-scripts');
  });

  it('answers one bare 404 for an unknown deployment and an unknown path, 405 with Allow for a known path, and HEAD on GET hooks', async () => {
    await deploy({ name: 'quiet', graph_json: answerGraph('/secret-path', 'POST', {}, { statusCode: 202 }) });
    await deploy({
      name: 'reader',
      graph_json: answerGraph('/item', 'GET', {}, { contentType: 'text/plain', responseFormat: 'the item', headers: literalHeaders({ 'X-Item': '7' }) }),
    });
    const countBefore = (await executions()).length;

    const unknownPath = await fetch(`${app.url}/hooks/quiet/other`, { method: 'POST' });
    const unknownDeployment = await fetch(`${app.url}/hooks/nobody-here/secret-path`, { method: 'POST' });
    expect(unknownPath.status).toBe(404);
    expect(unknownDeployment.status).toBe(404);
    const pathBody = (await unknownPath.json()) as Record<string, unknown>;
    const deploymentBody = (await unknownDeployment.json()) as Record<string, unknown>;
    expect(pathBody).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(JSON.stringify(pathBody)).not.toContain('secret-path');
    expect(JSON.stringify(pathBody)).not.toContain('quiet');
    expect({ ...pathBody, timestamp: undefined }).toEqual({ ...deploymentBody, timestamp: undefined });

    const wrongMethod = await fetch(`${app.url}/hooks/quiet/secret-path`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await wrongMethod.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
    const getOnReader = await fetch(`${app.url}/hooks/reader/item`, { method: 'DELETE' });
    expect(getOnReader.status).toBe(405);
    expect(getOnReader.headers.get('allow')).toBe('GET, HEAD');
    expect((await executions()).length).toBe(countBefore);

    const head = await fetch(`${app.url}/hooks/reader/item`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-item')).toBe('7');
    expect(head.headers.get('x-execution-id')).toBeTruthy();
    expect(await head.text()).toBe('');
    const get = await fetch(`${app.url}/hooks/reader/item`);
    expect(await get.text()).toBe('the item');
  });

  it('refuses to deploy a Server Response with a 1xx status, which cannot end a response', async () => {
    const response = await fetch(`${app.url}/deployments`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'informational', graph_json: answerGraph('/x', 'GET', {}, { statusCode: 101 }) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect((await fetch(`${app.url}/deployments/informational`, { headers: auth })).status).toBe(404);
  });

  it('refuses a JSON hook body nested deeper than 256 levels with 400, starting nothing', async () => {
    await deploy({ name: 'deep', graph_json: answerGraph('/in', 'POST', { dataFormat: 'JSON' }, {}) });
    const countBefore = (await executions()).length;
    for (const depth of [257, 5000, 100_000]) {
      const response = await fetch(`${app.url}/hooks/deep/in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '['.repeat(depth) + ']'.repeat(depth),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: expect.stringContaining('256 levels') });
    }
    expect((await executions()).length).toBe(countBefore);
    const fine = await fetch(`${app.url}/hooks/deep/in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '['.repeat(256) + ']'.repeat(256),
    });
    expect(fine.status).toBe(200);
  });
});

describe('a hook page in a real browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [TOKEN] } });
    browser = await launchChromium();
    const deploy = (body: Record<string, unknown>) =>
      fetch(`${app.url}/deployments`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The script tries what a page of the service's origin could do: read the /ui token and call the API with it.
    const script = [
      'const out = [];',
      "try { out.push('session=' + sessionStorage.getItem('workflow-service.token')); } catch (e) { out.push('session=denied'); }",
      "try { out.push('local=' + localStorage.getItem('probe')); } catch (e) { out.push('local=denied'); }",
      "out.push('origin=' + self.origin);",
      "let token = null; try { token = sessionStorage.getItem('workflow-service.token'); } catch (e) {}",
      "fetch('/workflows', token ? { headers: { authorization: 'Bearer ' + token } } : {})",
      "  .then((r) => out.push('api=' + r.status), () => out.push('api=denied'))",
      "  .then(() => { document.body.setAttribute('data-result', out.join('|')); });",
    ].join('\n');
    const html = '<!doctype html><html><body><p>hook page</p><script src="/hooks/steal-js/app.js"></script></body></html>';
    const csp = { 'Content-Security-Policy': "default-src * 'unsafe-inline'" };
    expect(
      (
        await deploy({
          name: 'steal-page',
          graph_json: answerGraph('/page', 'GET', {}, { contentType: 'text/html', responseFormat: html, headers: literalHeaders(csp) }),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await deploy({
          name: 'steal-js',
          graph_json: answerGraph('/app.js', 'GET', {}, { contentType: 'Custom', customContentType: 'text/javascript', responseFormat: script }),
        })
      ).status,
    ).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await app.close();
  });

  it("runs a hook page's script in an opaque origin: it reads nothing of /ui's storage and cannot call the API", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/ui/`);
    await page.evaluate((token) => {
      sessionStorage.setItem('workflow-service.token', token);
      localStorage.setItem('probe', 'local-secret');
    }, TOKEN);

    await page.goto(`${app.url}/hooks/steal-page/page`);
    await page.waitForSelector('body[data-result]', { timeout: 20_000 });
    const result = (await page.getAttribute('body', 'data-result'))!;
    // The script ran, in an opaque origin: storage is denied, and without the token the API answers 401.
    expect(result.split('|')).toEqual(['session=denied', 'local=denied', 'origin=null', 'api=401']);

    // The token was there to take: back on the service's origin, the tab still holds it.
    await page.goto(`${app.url}/ui/`);
    expect(await page.evaluate(() => [sessionStorage.getItem('workflow-service.token'), localStorage.getItem('probe')])).toEqual([TOKEN, 'local-secret']);
    await page.close();
  }, 60_000);
});
