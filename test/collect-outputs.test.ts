import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExecutionEvent, WorkflowSocket } from '../client';
import { SqliteExecutionStore } from '../server/storage';
import { ideFixture } from './support/ide-fixtures';
import { type GraphJson } from './support/graphs';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

/** A for-each loop over `items`: each item goes to the exported outport `item`, the count to `done`. */
const loopGraph = (items: unknown[]): GraphJson => ({
  processes: { loop: { component: 'tpl_loop' } },
  connections: [{ data: items, tgt: { process: 'loop', port: 'items-in' } }],
  outports: { item: { process: 'loop', port: 'item-out' }, done: { process: 'loop', port: 'done-out' } },
});

const TRANSFORMED = 'tpl_data_transformer-1733227208333-f1g2h3j4k.transformed-out';
const PRICED_ITEMS = [
  { sku: 'INV-1', total: 25 },
  { sku: 'INV-2', total: 50 },
  { sku: 'INV-3', total: 75 },
];

describe('collecting every packet of an output', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports only the last packet of each output by default, as before', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: loopGraph(['a', 'b', 'c']) });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe('completed');
    expect(execution.result!.outputs).toEqual({ item: 'c', done: { count: 3, iterations: 3, completed: true } });
  });

  it('reports every packet of every output, in order, with collect "all"', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: loopGraph(['a', { b: 2 }, [3], null]), collect: 'all' });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.result!.outputs).toEqual({ item: ['a', { b: 2 }, [3], null], done: [{ count: 4, iterations: 4, completed: true }] });
    const stored = (await app.client.getWorkflowRequest(execution.id)).data!.data;
    expect(stored.collect).toBe('all');
  });

  it('collects only the outputs a per-output collect names "all"', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: loopGraph([1, 2, 3]), collect: { item: 'all', done: 'last' } });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.result!.outputs).toEqual({ item: [1, 2, 3], done: { count: 3, iterations: 3, completed: true } });
  });

  it('gives the three priced line items of the script-loop IDE workflow when its transformer output is collected', async () => {
    const { data, response } = await app.client.executeIdeWorkflow({ workflow: ideFixture('script-loop'), input: {}, collect: { [TRANSFORMED]: 'all' } });
    expect(response.status).toBe(200);
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe('completed');
    expect(execution.result!.outputs[TRANSFORMED]).toEqual(PRICED_ITEMS);
    // The outputs not named keep their last packet.
    expect(execution.result!.outputs['tpl_loop-1733227204222-x7z8a9s0d.index-out']).toBe(2);
  });

  it('gives the three priced line items with collect "all" for the whole IDE run', async () => {
    const { data } = await app.client.executeIdeWorkflow({ workflow: ideFixture('script-loop'), input: {}, collect: 'all' });
    const execution = await app.client.waitForCompletion(data!.data.execution_id);
    expect(execution.result!.outputs).toEqual({
      'tpl_loop-1733227204222-x7z8a9s0d.index-out': [0, 1, 2],
      'tpl_loop-1733227204222-x7z8a9s0d.done-out': [{ count: 3, iterations: 3, completed: true }],
      [TRANSFORMED]: PRICED_ITEMS,
    });
  });

  it('answers a collect mode it does not know with 400 naming the field, and starts nothing', async () => {
    const before = (await app.client.listWorkflows({ limit: 100 })).data!.data.items.length;
    const response = await fetch(`${app.url}/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: loopGraph([1]), collect: 'some' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; code: string; error: string; details: { path: string }[]; timestamp: number };
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', timestamp: expect.any(Number) });
    expect(body.details).toEqual([{ path: 'collect', message: 'Expected "last", "all", or an object that maps output names to "last" or "all"' }]);
    expect(body.error).toContain('collect');
    const perOutput = await fetch(`${app.url}/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: loopGraph([1]), collect: { item: 'every' } }),
    });
    expect(perOutput.status).toBe(400);
    expect(((await perOutput.json()) as { details: { path: string }[] }).details.map((detail) => detail.path)).toEqual(['collect']);
    expect((await app.client.listWorkflows({ limit: 100 })).data!.data.items).toHaveLength(before);
  });

  it('answers a collect naming an output the graph does not have with 400 naming it, and starts nothing', async () => {
    const before = (await app.client.listWorkflows({ limit: 100 })).data!.data.items.length;
    const { response, error } = await app.client.startWorkflow({ graph_json: loopGraph([1]), collect: { item: 'all', itme: 'all' } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(error!.details).toEqual([{ path: 'collect.itme', message: expect.stringContaining("'item'") }]);
    expect(error!.error).toContain("no output 'itme'");
    const ide = await app.client.executeIdeWorkflow({ workflow: ideFixture('script-loop'), input: {}, collect: { 'loop.item-out': 'all' } });
    expect(ide.response.status).toBe(400);
    expect(ide.error!.details!.map((detail) => detail.path)).toEqual(['collect.loop.item-out']);
    expect((await app.client.listWorkflows({ limit: 100 })).data!.data.items).toHaveLength(before);
  });

  it('collects over the WebSocket start_workflow message too, and refuses a bad collect there naming the field', async () => {
    const socket = await WorkflowSocket.connect(app.wsUrl);
    try {
      const started = await socket.start({ graph_json: loopGraph([1, 2]), collect: { item: 'all' } });
      expect(started.success).toBe(true);
      const events: ExecutionEvent[] = [];
      for await (const event of socket.subscribe(started.execution_id!)) events.push(event);
      expect(events.at(-1)).toMatchObject({ _type: 'Completed', result: { outputs: { item: [1, 2] } } });
      const refused = await socket.start({ graph_json: loopGraph([1]), collect: { nothing: 'all' } });
      expect(refused).toMatchObject({ success: false, code: 'VALIDATION_FAILED', details: [{ path: 'collect.nothing' }] });
    } finally {
      socket.close();
    }
  });

  it('treats a start with the same execution id but another collect as another request (409)', async () => {
    const metadata = { execution_id: 'collect-twice' };
    await app.client.startWorkflow({ graph_json: loopGraph([1]), metadata });
    const again = await app.client.startWorkflow({ graph_json: loopGraph([1]), metadata });
    expect(again.response.status).toBe(200);
    const other = await app.client.startWorkflow({ graph_json: loopGraph([1]), metadata, collect: 'all' });
    expect(other.response.status).toBe(409);
  });
});

describe('collected outputs of a deployment', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const deploy = (body: unknown) =>
    fetch(`${app.url}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** An interval trigger that fires once: its tick makes three items, which a loop sends on one by one. */
  const tickLoop: GraphJson = {
    properties: { name: 'tick-loop' },
    processes: {
      tick: { component: 'tpl_interval_trigger', metadata: { config: { interval: 60_000, maxExecutions: 1 } } },
      make: { component: 'tpl_javascript_script', metadata: { config: { script: 'return ["x", "y", "z"]' } } },
      loop: { component: 'tpl_loop' },
    },
    connections: [
      { src: { process: 'tick', port: 'trigger-out' }, tgt: { process: 'make', port: 'data-in' } },
      { src: { process: 'make', port: 'result-out' }, tgt: { process: 'loop', port: 'items-in' } },
    ],
  };

  it('collects the outputs its collect names in every execution it starts, and shows the collect', async () => {
    const created = await deploy({ name: 'tick-loop', graph_json: tickLoop, collect: { 'loop.item-out': 'all' } });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { data: { collect: unknown } }).data.collect).toEqual({ 'loop.item-out': 'all' });
    const runs = async () => (await app.store.list({ limit: 100 })).items.filter((record) => record.request.metadata.deployment_id === 'tick-loop');
    await waitFor(async () => (await runs()).some((record) => record.status === 'completed'), { timeoutMs: 8000, what: 'the tick run' });
    const [run] = await runs();
    expect(run.result!.outputs['loop.item-out']).toEqual(['x', 'y', 'z']);
    expect(run.result!.outputs['loop.index-out']).toBe(2);
  });

  it('changes or removes its collect with PATCH, checked against its graph', async () => {
    const patch = (body: unknown) =>
      fetch(`${app.url}/deployments/tick-loop`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const refused = await patch({ collect: { nowhere: 'all' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { details: { path: string }[] }).details.map((detail) => detail.path)).toEqual(['collect.nowhere']);
    expect((await app.client.getDeployment('tick-loop')).data!.data.collect).toEqual({ 'loop.item-out': 'all' });
    expect((await patch({ collect: null })).status).toBe(200);
    expect((await app.client.getDeployment('tick-loop')).data!.data.collect).toBeUndefined();
  });

  it('refuses a deployment whose collect names an output its graph does not have, with 400 naming it', async () => {
    const refused = await deploy({ name: 'tick-loop-bad', graph_json: tickLoop, collect: { 'loop.items-out': 'all' } });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { code: string; details: { path: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((detail) => detail.path)).toEqual(['collect.loop.items-out']);
    expect((await app.client.listDeployments()).data!.data.items.map((deployment) => deployment.id)).not.toContain('tick-loop-bad');
  });
});

describe('collected outputs and max_result_bytes', () => {
  it('replaces a collected output that grows past max_result_bytes with the marker an oversized output gets', async () => {
    const app = await startTestApp({ config: { max_result_bytes: 1000 } });
    try {
      // 400 packets of 7 bytes ("xxxxx" quoted) and their commas: 3201 bytes of JSON.
      const items = Array.from({ length: 400 }, () => 'xxxxx');
      const { data } = await app.client.startWorkflow({ graph_json: loopGraph(items), collect: 'all' });
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs.item).toBe('[output of 3201 bytes left out: larger than max_result_bytes (1000)]');
      expect(Buffer.byteLength(JSON.stringify(items))).toBe(3201);
      expect(execution.result!.outputs.done).toEqual([{ count: 400, iterations: 400, completed: true }]);
    } finally {
      await app.close();
    }
  });
});

describe('collected outputs with the SQLite store', () => {
  it('keeps the collected arrays and the request that asked for them across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collect-'));
    try {
      const app = await startTestApp({ store: new SqliteExecutionStore(join(dir, 'executions.db')) });
      let id: string;
      try {
        const { data } = await app.client.startWorkflow({ graph_json: loopGraph([{ n: 1 }, { n: 2 }]), collect: { item: 'all' } });
        id = data!.data.execution_id;
        expect((await app.client.waitForCompletion(id)).result!.outputs.item).toEqual([{ n: 1 }, { n: 2 }]);
        await app.store.written();
      } finally {
        await app.close();
      }
      const reopened = await startTestApp({ store: new SqliteExecutionStore(join(dir, 'executions.db')) });
      try {
        const execution = (await reopened.client.getWorkflow(id)).data!.data;
        expect(execution.result!.outputs).toEqual({ item: [{ n: 1 }, { n: 2 }], done: { count: 2, iterations: 2, completed: true } });
        expect((await reopened.client.getWorkflowRequest(id)).data!.data.collect).toEqual({ item: 'all' });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
