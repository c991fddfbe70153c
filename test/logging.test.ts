import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkflowClient, type WorkflowClient } from '../client';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { waitFor } from './support/wait-for';

const TOKEN = 'logging-test-token-0123456789';
const BODY_MARKER = 'body-marker-that-must-not-be-logged';

type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** A graph whose one script node throws, so that the run fails with that error. */
const failingGraph = {
  processes: { boom: { component: 'tpl_javascript_script', metadata: { config: { script: "throw new Error('boom in the script')" } } } },
  connections: [{ data: 1, tgt: { process: 'boom', port: 'data-in' } }],
};

// One server process, as `npm start` runs it, whose stdout every test reads.
describe('the log of a server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  let client: WorkflowClient;
  let slow: SlowServer;
  const lines = (): LogLine[] => server.lines().map((line) => JSON.parse(line) as LogLine);
  const find = (predicate: (line: LogLine) => boolean) => lines().find(predicate);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engine-logging-'));
    slow = await startSlowServer(60_000);
    server = await startServerProcess(['--data-dir', dataDir, '--auth-tokens', TOKEN, '--rate-limit-requests-per-minute', '0'], {
      env: { ENGINE_MAX_CONECTIONS: '5' },
    });
    client = createWorkflowClient({ baseUrl: server.url, token: TOKEN });
  }, 30_000);
  afterAll(async () => {
    await server.stop('SIGKILL');
    await slow.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is JSON on every line when stdout is not a terminal, the start-up line included', () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(0);
    expect(all.find((line) => line.msg === `Workflow execution service listening on ${server.url}`)).toMatchObject({ level: 30, url: server.url });
  });

  it('warns of an unknown ENGINE_ variable, naming the closest known one', () => {
    expect(find((line) => line.setting === 'ENGINE_MAX_CONECTIONS')).toMatchObject({ level: 40, closest: 'ENGINE_MAX_CONNECTIONS' });
  });

  it('logs each request with its id, method, path, status and time, but never its token, query or body', async () => {
    const response = await fetch(`${server.url}/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'x-request-id': 'logging-request-1' },
      body: JSON.stringify({ graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: 'logged-run', workflow_id: BODY_MARKER } }),
    });
    expect(response.headers.get('x-request-id')).toBe('logging-request-1');
    const read = await fetch(`${server.url}/workflows/logged-run?access_token=${TOKEN}`);
    expect(read.status).toBe(200);
    const generated = read.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await fetch(`${server.url}/workflows`, { headers: { authorization: 'Bearer not-the-token-at-all-0000' } });
    expect(refused.status).toBe(401);
    const refusedId = refused.headers.get('x-request-id');

    // A request is logged once its answer is sent, which may be after the client has read it.
    const lineOf = (id: string | null) => find((line) => (line.req as { id?: string } | undefined)?.id === id);
    await waitFor(() => [generated, refusedId, 'logging-request-1'].every((id) => lineOf(id) !== undefined), { what: 'the request lines' });
    expect(lineOf('logging-request-1')).toMatchObject({
      level: 30,
      req: { id: 'logging-request-1', method: 'POST', path: '/workflows' },
      res: { statusCode: response.status },
      responseTime: expect.any(Number),
    });
    expect(lineOf(generated)).toMatchObject({ req: { method: 'GET', path: '/workflows/logged-run' }, res: { statusCode: 200 } });
    expect(lineOf(refusedId)).toMatchObject({ req: { method: 'GET', path: '/workflows' }, res: { statusCode: 401 } });
    const requestLines = lines().filter((line) => line.req !== undefined);
    for (const line of requestLines) expect(Object.keys(line.req as object).sort()).toEqual(['id', 'method', 'path']);
    const text = server.lines().join('\n');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('not-the-token-at-all');
    expect(text).not.toContain('access_token');
    expect(requestLines.map((line) => JSON.stringify(line)).join('\n')).not.toContain(BODY_MARKER);
  });

  it('logs a completed run with its execution id, workflow id and duration', async () => {
    await client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 3, y: 4 }, metadata: { execution_id: 'completed-run', workflow_id: 'multiply-wf' } });
    await waitFor(() => find((line) => line.execution_id === 'completed-run' && line.msg === 'Execution completed') !== undefined, {
      what: 'the completed line',
    });
    expect(find((line) => line.execution_id === 'completed-run' && line.msg === 'Execution started')).toMatchObject({
      level: 30,
      workflow_id: 'multiply-wf',
      source: 'http_api',
    });
    expect(find((line) => line.execution_id === 'completed-run' && line.msg === 'Execution completed')).toMatchObject({
      level: 30,
      workflow_id: 'multiply-wf',
      status: 'completed',
      duration_ms: expect.any(Number),
    });
  });

  it('logs a failed run as a warning with its first error', async () => {
    await client.startWorkflow({ graph_json: failingGraph, metadata: { execution_id: 'failed-run', workflow_id: 'failing-wf' } });
    await waitFor(() => find((line) => line.execution_id === 'failed-run' && line.status === 'failed') !== undefined, { what: 'the failed line' });
    const failed = find((line) => line.execution_id === 'failed-run' && line.status === 'failed')!;
    expect(failed).toMatchObject({ level: 40, workflow_id: 'failing-wf', duration_ms: expect.any(Number), node_id: 'boom', service_node: expect.any(String) });
    // One node_id per line: the graph's node; the service's own node is service_node.
    const raw = server.lines().find((line) => line.includes('"failed-run"') && line.includes('"failed"'))!;
    expect(raw.match(/"node_id"/g)).toHaveLength(1);
    expect(failed.error).toContain('boom in the script');
    expect(failed.msg).toContain('boom in the script');
  });

  it('logs a cancelled run with its duration', async () => {
    await client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: 'cancelled-run', workflow_id: 'slow-wf' } });
    await waitFor(() => slow.requests > 0, { what: 'the slow run to start', timeoutMs: 10_000 });
    await client.cancelWorkflow('cancelled-run');
    await waitFor(() => find((line) => line.execution_id === 'cancelled-run' && line.msg === 'Execution cancelled') !== undefined, {
      what: 'the cancelled line',
    });
    expect(find((line) => line.execution_id === 'cancelled-run' && line.msg === 'Execution cancelled')).toMatchObject({
      level: 30,
      workflow_id: 'slow-wf',
      status: 'cancelled',
      duration_ms: expect.any(Number),
    });
  });
});
