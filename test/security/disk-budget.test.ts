import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { GREETER_DEPLOYMENT, MULTIPLY_GRAPH, MULTIPLY_IDE_WORKFLOW, MULTIPLY_INPUT } from '../../contract/example-workflows';
import { type GraphJson } from '../../model';
import { SqliteExecutionStore } from '../../server/storage';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const MB = 1024 * 1024;

/** An endless while loop sending a 40 KB text to a branch node: about 3 MB of events (max_event_log_mb) in well under a second. */
const FILLER: GraphJson = {
  processes: {
    loop: { component: 'tpl_loop', metadata: { config: { loopType: 'while', breakCondition: 'false', maxIterations: 1_000_000_000 } } },
    branch: { component: 'tpl_if_branch' },
  },
  connections: [
    { data: 'x'.repeat(40_000), to: { nodeId: 'loop', portId: 'items-in' } },
    { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'branch', portId: 'input-in' } },
  ],
};

/** A trigger that ticks when deployed and then every second, feeding a branch node. */
const TICKER: GraphJson = {
  processes: { tick: { component: 'tpl_interval_trigger', metadata: { config: { interval: 1000 } } }, keep: { component: 'tpl_if_branch' } },
  connections: [{ from: { nodeId: 'tick', portId: 'trigger-out' }, to: { nodeId: 'keep', portId: 'input-in' } }],
};

type Envelope = { success: boolean; code?: string; error?: string; timestamp?: number; data?: { execution_id: string } };

describe('the data directory budget', () => {
  let dir: string;
  let app: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'disk-budget-'));
    app = await startTestApp({
      config: { data_dir: dir, max_data_dir_mb: 1, max_event_log_mb: 3 },
      store: new SqliteExecutionStore(join(dir, 'executions.db')),
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  const statusOf = async (id: string) => (await fetch(`${app.url}/workflows/${id}`)).status;
  const executionCount = async () => (await app.store.list({ limit: 1000 })).items.length;
  const startOverWebSocket = (): Promise<Envelope & { type: string }> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(app.wsUrl);
      ws.on('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'start_workflow', data: { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT }, request_id: 'r1' })));
      ws.on('message', (data) => {
        ws.close();
        resolve(JSON.parse(data.toString()) as Envelope & { type: string });
      });
    });

  it('refuses new starts with 507 STORAGE_FULL on every way in while over max_data_dir_mb, keeps what it holds, and takes starts again once retention freed space', async () => {
    expect((await post('/deployments', GREETER_DEPLOYMENT)).status).toBe(201);
    const early = await post('/workflows', { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT });
    expect(early.status).toBe(200);
    const earlyId = early.body.data!.execution_id;
    await app.client.waitForCompletion(earlyId, { via: 'polling', timeoutMs: 15_000 });

    // A running execution fills the directory past its budget; a running one is never deleted.
    const filler = await post('/workflows', { graph_json: FILLER });
    expect(filler.status).toBe(200);
    const fillerId = filler.body.data!.execution_id;
    await waitFor(async () => (await app.dataDirBudget!.measure()) > MB, { timeoutMs: 15_000, intervalMs: 100 });
    // Retention deletes the oldest finished execution first; the running one stays, and the directory stays full.
    await waitFor(async () => (await statusOf(earlyId)) === 404, { timeoutMs: 15_000, intervalMs: 100 });
    expect(app.dataDirBudget!.fullMessage()).toMatch(/max_data_dir_mb/);

    const before = await executionCount();
    const refused = await post('/workflows', { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT });
    expect(refused.status).toBe(507);
    expect(refused.body).toMatchObject({ success: false, code: 'STORAGE_FULL' });
    expect(refused.body.error).toMatch(/max_data_dir_mb/);
    expect(typeof refused.body.timestamp).toBe('number');
    const ide = await post('/ide/workflows', { workflow: MULTIPLY_IDE_WORKFLOW, input: MULTIPLY_INPUT });
    expect(ide.status).toBe(507);
    expect(ide.body).toMatchObject({ success: false, code: 'STORAGE_FULL' });
    const hook = await post('/hooks/greeter/greet', { name: 'Ada' });
    expect(hook.status).toBe(507);
    expect(hook.body).toMatchObject({ success: false, code: 'STORAGE_FULL' });
    expect(await startOverWebSocket()).toMatchObject({ type: 'workflow_started', success: false, code: 'STORAGE_FULL', request_id: 'r1' });
    const ticker = await post('/deployments', { name: 'ticker', graph_json: TICKER });
    expect(ticker.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await executionCount()).toBe(before);

    // What is held stays readable.
    const running = (await (await fetch(`${app.url}/workflows/${fillerId}`)).json()) as { data: { status: string } };
    expect(running.data.status).toBe('running');
    const page = (await (await fetch(`${app.url}/workflows/${fillerId}/events?limit=5`)).json()) as { data: { events: { seq: number }[] } };
    expect(page.data.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5]);

    // Once it ends, retention deletes it and the directory fits again: starts work.
    expect((await fetch(`${app.url}/workflows/${fillerId}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(async () => (await statusOf(fillerId)) === 404, { timeoutMs: 15_000, intervalMs: 100 });
    await waitFor(() => app.dataDirBudget!.fullMessage() === undefined, { timeoutMs: 15_000, intervalMs: 100 });
    await fetch(`${app.url}/deployments/ticker`, { method: 'DELETE' });
    const accepted = await post('/workflows', { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT });
    expect(accepted.status).toBe(200);
    expect((await app.client.waitForCompletion(accepted.body.data!.execution_id, { via: 'polling', timeoutMs: 15_000 })).status).toBe('completed');
  }, 60_000);
});
