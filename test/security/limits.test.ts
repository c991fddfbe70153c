import { createHttpRequestActor, createJavascriptScriptActor } from '../../server/actors';
import { ServerConfigSchema } from '../../server/config';
import { MemoryExecutionStore } from '../../server/storage';
import { runNode } from '../support/kits';
import { multiplyGraph, httpGetGraph } from '../support/graphs';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';

/** A graph of `nodes` nodes and `connections` connections (each an initial packet), as raw JSON text. */
function bigGraph(nodes: number, connections: number): string {
  const processes = Array.from({ length: nodes }, (_, i) => `"n${i}":{"component":"tpl_math_absolute"}`).join(',');
  const links = Array.from({ length: connections }, () => '{"to":{}}').join(',');
  return `{"graph_json":{"processes":{${processes}},"connections":[${links}]}}`;
}

describe('limits', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp({ config: { max_graph_nodes: 100, max_graph_connections: 500, max_body_bytes: 16 * 1024 * 1024 } });
    slow = await startSlowServer(30_000);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  const post = (body: string) => fetch(`${app.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('refuses a graph over max_graph_nodes or max_graph_connections with a small 400, storing nothing', async () => {
    const before = (await app.store.list({ limit: 100 })).items.length;
    const tooManyNodes = await post(bigGraph(101, 0));
    expect(tooManyNodes.status).toBe(400);
    expect(await tooManyNodes.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: 'The graph has more than 100 nodes (max_graph_nodes)',
    });
    const tooManyLinks = await post(bigGraph(1, 700_000));
    const text = await tooManyLinks.text();
    expect(tooManyLinks.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ error: 'The graph has more than 500 connections (max_graph_connections)' });
    expect(text.length).toBeLessThan(1000);
    expect((await app.store.list({ limit: 100 })).items.length).toBe(before);
  });

  it('lists at most 100 issues of an invalid graph, and counts them all', async () => {
    const processes = Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`n${i}`, { component: 'tpl_nope' }]));
    const connections = Array.from({ length: 300 }, (_, i) => ({ from: { nodeId: 'ghost', portId: 'out' }, to: { nodeId: `n${i % 90}`, portId: `p${i}` } }));
    const response = await post(JSON.stringify({ graph_json: { processes, connections } }));
    const body = (await response.json()) as { details: unknown[]; error: string };
    expect(response.status).toBe(400);
    expect(body.details).toHaveLength(100);
    expect(body.error).toMatch(/^Invalid graph: the catalogue has no component 'tpl_nope' \(and \d+ more problems\)$/);
    expect(Number(/and (\d+) more/.exec(body.error)![1])).toBeGreaterThan(100);
  });

  it('deletes a finished execution and its events; its id then answers 404', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    const id = data!.data.execution_id;
    await app.client.waitForCompletion(id);
    const { data: deleted, response } = await app.client.deleteWorkflow(id);
    expect(response.status).toBe(200);
    expect(deleted).toMatchObject({ success: true, data: { execution_id: id, status: 'deleted' } });
    expect((await app.client.getWorkflow(id)).response.status).toBe(404);
    expect((await fetch(`${app.url}/workflows/${id}/events`)).status).toBe(404);
    expect(await app.store.readEvents(id, 1, 10)).toEqual([]);
    expect((await app.client.deleteWorkflow(id)).response.status).toBe(404);
  });

  it('refuses to delete a running execution with 409 and keeps it', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const id = data!.data.execution_id;
    const { response, error } = await app.client.deleteWorkflow(id);
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ success: false, code: 'CONFLICT' });
    expect((await app.client.getWorkflow(id)).response.status).toBe(200);
    await app.client.cancelWorkflow(id);
  });
});

describe('retention', () => {
  it('deletes finished executions beyond the newest retention_max_executions at start, keeping unfinished ones', async () => {
    const store = new MemoryExecutionStore();
    const record = (id: string, status: 'completed' | 'running', endedAt: number | null) => ({
      id,
      status,
      workflowId: 'w',
      source: 'http_api',
      nodeId: null,
      fingerprint: id,
      request: { graph_json: { processes: {} }, input: {}, metadata: {} },
      result: null,
      createdAt: 1,
      startedAt: 1,
      endedAt,
    });
    for (let i = 0; i < 5; i++) store.insert(record(`done-${i}`, 'completed', 100 + i));
    store.insert(record('old', 'completed', 1));
    const app = await startTestApp({ store, config: { retention_max_executions: 3, retention_max_age_hours: 0 } });
    try {
      expect((await store.list({ limit: 100 })).items.map((r) => r.id).sort()).toEqual(['done-2', 'done-3', 'done-4']);
    } finally {
      await app.close();
    }
  });
});

describe('caps on what a node asks for', () => {
  it("caps a script's memoryLimit at max_script_memory_mb", async () => {
    const capped = createJavascriptScriptActor({ maxMemoryMb: 32 });
    const script = 'const keep = []; for (let i = 0; i < 200; i++) keep.push(new Array(1024 * 1024).fill(i)); return keep.length';
    const { result } = await runNode(capped, { config: { script, memoryLimit: 4096, timeout: 20_000 } });
    expect(result.success).toBe(false);
    expect(result.errors[0].message).toMatch(/memory/i);
  });

  it("caps an HTTP request's timeout at max_http_timeout_ms", async () => {
    const slow = await startSlowServer(10_000);
    try {
      const started = Date.now();
      const { result } = await runNode(createHttpRequestActor({ maxTimeoutMs: 200 }), { config: { url: slow.url, timeout: 60_000, retryCount: 0 } });
      expect(result.errors[0].message).toMatch(/timed out after 200 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await slow.close();
    }
  });

  it('keeps an output over max_result_bytes as a marker, and the run still completes', async () => {
    const app = await startTestApp({ config: { max_result_bytes: 1000 } });
    try {
      const graph = {
        processes: { big: { component: 'tpl_javascript_script', metadata: { config: { script: "return 'x'.repeat(5000)" } } } },
        outports: { big: { process: 'big', port: 'result-out' } },
      };
      const { data } = await app.client.startWorkflow({ graph_json: graph });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs.big).toBe('[output of 5002 bytes left out: larger than max_result_bytes (1000)]');
    } finally {
      await app.close();
    }
  });

  it('gives every execution a one-hour timeout by default', async () => {
    expect(ServerConfigSchema.parse({}).execution_timeout_ms).toBe(3_600_000);
    expect(ServerConfigSchema.parse({ execution_timeout_ms: 0 }).execution_timeout_ms).toBe(0);
  });
});
