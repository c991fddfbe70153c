import { type Sample, parsePrometheusText, sampleValue } from './support/prometheus-text';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const TOKEN = 'metrics-test-token-0123456789';

async function scrape(app: TestApp, headers: Record<string, string> = {}): Promise<Sample[]> {
  const response = await fetch(`${app.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusText(await response.text());
}

describe('GET /metrics', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(60_000);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  it('counts a completed run by status and source, observes its duration, and counts its requests by route pattern', async () => {
    const before = await scrape(app);
    const started = await app.client.startWorkflow({
      graph_json: multiplyGraph(),
      input: { x: 3, y: 4 },
      metadata: { execution_id: 'metrics-run-1', source: 'metrics-test' },
    });
    const startStatus = String(started.response.status);
    await waitFor(async () => (await app.client.getWorkflow('metrics-run-1')).data?.data.status === 'completed', { what: 'the run to complete' });
    const after = await scrape(app);

    const delta = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('workflow_executions_total', { status: 'completed', source: 'metrics-test' })).toBe(1);
    expect(delta('workflow_execution_duration_seconds_count', { status: 'completed' })).toBe(1);
    expect(delta('workflow_events_written_total', { type: 'Completed' })).toBe(1);
    expect(delta('http_requests_total', { method: 'POST', route: '/workflows', status: startStatus })).toBe(1);
    expect(delta('http_requests_total', { method: 'GET', route: '/workflows/:execution_id', status: '200' })).toBeGreaterThanOrEqual(1);
    // Ids never become labels: the raw path of the execution is nowhere.
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes('metrics-run-1')))).toBe(false);
  });

  it('shows running executions and open event streams while they last, and the default process metrics', async () => {
    await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: 'metrics-slow' } });
    await waitFor(() => slow.requests > 0, { what: 'the slow run to start', timeoutMs: 10_000 });
    const stream = new AbortController();
    const response = await fetch(`${app.url}/workflows/metrics-slow/events`, { headers: { accept: 'text/event-stream' }, signal: stream.signal });
    expect(response.status).toBe(200);
    try {
      const during = await scrape(app);
      expect(sampleValue(during, 'workflow_executions_running')).toBe(1);
      expect(sampleValue(during, 'workflow_executions_queued')).toBe(0);
      expect(sampleValue(during, 'workflow_event_subscribers', { transport: 'sse' })).toBe(1);
      expect(sampleValue(during, 'workflow_event_subscribers', { transport: 'websocket' })).toBe(0);
      const names = new Set(during.map((sample) => sample.name));
      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
      ])
        expect(names).toContain(name);
    } finally {
      stream.abort();
      await app.client.cancelWorkflow('metrics-slow');
    }
    await waitFor(async () => sampleValue(await scrape(app), 'workflow_event_subscribers', { transport: 'sse' }) === 0, { what: 'the stream to close' });
    const after = await scrape(app);
    expect(sampleValue(after, 'workflow_executions_running')).toBe(0);
    expect(sampleValue(after, 'workflow_executions_total', { status: 'cancelled', source: 'http_api' })).toBe(1);
  });
});

describe('GET /metrics with auth_tokens set', () => {
  it('asks for a token unless metrics_public is set', async () => {
    const closed = await startTestApp({ config: { auth_tokens: [TOKEN] } });
    const open = await startTestApp({ config: { auth_tokens: [TOKEN], metrics_public: true } });
    try {
      expect((await fetch(`${closed.url}/metrics`)).status).toBe(401);
      expect(sampleValue(await scrape(closed, { authorization: `Bearer ${TOKEN}` }), 'http_requests_total', { route: '/metrics', status: '401' })).toBe(1);
      expect((await fetch(`${open.url}/metrics`)).status).toBe(200);
      expect((await fetch(`${open.url}/workflows`)).status).toBe(401);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
