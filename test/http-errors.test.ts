import { HEALTH_MESSAGE } from '../contract';
import { multiplyGraph } from './support/graphs';
import { type TestApp, startTestApp } from './support/test-app';

describe('HTTP basics and error envelopes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_body_bytes: 4096 } });
  });
  afterAll(() => app.close());

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('answers the health check with the fixed message in the envelope', async () => {
    const before = Date.now();
    const { data, response } = await app.client.health();
    expect(response.status).toBe(200);
    expect(data).toEqual({ success: true, data: HEALTH_MESSAGE, timestamp: expect.any(Number) });
    expect(data!.timestamp).toBeGreaterThanOrEqual(before);
    expect(data!.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('answers an unknown route with 404 in the envelope, never HTML', async () => {
    const response = await fetch(`${app.url}/no/such/route`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: expect.stringContaining('/no/such/route') });
  });

  it('answers malformed JSON with 400 and records nothing', async () => {
    const response = await post('/workflows', '{"graph_json": {');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: expect.stringMatching(/Malformed JSON/) });
    expect((await app.store.list({ limit: 10 })).items).toHaveLength(0);
  });

  it('answers a body that is not JSON with 400 naming the content type', async () => {
    const response = await post('/workflows', 'graph=1', 'text/plain');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: expect.stringContaining('text/plain') });
  });

  it('answers a body over max_body_bytes with 413 in the envelope', async () => {
    const response = await post('/workflows', JSON.stringify({ graph_json: multiplyGraph(), input: { pad: 'x'.repeat(5000) } }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', timestamp: expect.any(Number) });
    expect((await app.store.list({ limit: 10 })).items).toHaveLength(0);
  });

  it('answers a schema violation with 400 and details naming each path', async () => {
    // Deliberately outside the contract's types: the server must refuse it.
    const { error, response } = await app.client.startWorkflow({ graph_json: { processes: { a: {} } }, input: 5 } as never);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const paths = error!.details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['graph_json.processes.a.component', 'input']));
    expect((await app.store.list({ limit: 10 })).items).toHaveLength(0);
  });

  it('answers an unknown execution with 404 on status, cancel and events', async () => {
    const status = await app.client.getWorkflow('missing-id');
    const cancel = await app.client.cancelWorkflow('missing-id');
    const events = await app.client.getWorkflowEvents('missing-id');
    for (const { response, error } of [status, cancel, events]) {
      expect(response.status).toBe(404);
      expect(error).toMatchObject({ success: false, code: 'NOT_FOUND', error: "Execution 'missing-id' not found" });
    }
  });

  it('rejects a page size above the maximum instead of capping it', async () => {
    const { response, error } = await app.client.listWorkflows({ limit: 101 });
    expect(response.status).toBe(400);
    expect(error!.details).toEqual([expect.objectContaining({ path: 'limit' })]);
  });

  it('rejects a cursor it did not issue', async () => {
    const { response, error } = await app.client.listWorkflows({ cursor: 'bogus' });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'cursor', message: expect.any(String) }] });
  });

  it('answers a CORS preflight permissively', async () => {
    const response = await fetch(`${app.url}/workflows`, {
      method: 'OPTIONS',
      headers: { origin: 'https://ide.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('CORS turned off', () => {
  it('sends no cross-origin headers when cors_enabled is false', async () => {
    const app = await startTestApp({ config: { cors_enabled: false } });
    try {
      const response = await fetch(`${app.url}/health`, { headers: { origin: 'https://ide.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await app.close();
    }
  });
});
