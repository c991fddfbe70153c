import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GraphJson } from '../../model';
import { SqliteDeploymentStore } from '../../server/storage';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/** A one-second cron trigger (node `trigger`) feeding a script that returns `said`: a run's output tells which graph ran it. */
function saying(said: string, trigger: { node: string; component: string; config: Record<string, unknown> } = cronTrigger): GraphJson {
  return {
    processes: {
      [trigger.node]: { component: trigger.component, metadata: { config: trigger.config } },
      say: { component: 'tpl_javascript_script', metadata: { config: { script: `return ${JSON.stringify(said)}` } } },
    },
    connections: [{ src: { process: trigger.node, port: 'trigger-out' }, tgt: { process: 'say', port: 'data-in' } }],
  };
}
const cronTrigger = { node: 'tick', component: 'tpl_cron_trigger', config: { cronExpression: '* * * * * *' } };
const intervalTrigger = { node: 'every', component: 'tpl_interval_trigger', config: { interval: 1000 } };

/** A hook at POST /hooks/{id}/greet answering `{greeting}` from the body's name, with `word` before it. */
function greeter(word: string): GraphJson {
  return {
    processes: {
      request: { component: 'tpl_server_request', metadata: { config: { path: '/greet', method: 'POST' } } },
      greet: { component: 'tpl_javascript_script', metadata: { config: { script: `return { greeting: ${JSON.stringify(word)} + ' ' + data.body.name }` } } },
      respond: { component: 'tpl_server_response' },
    },
    connections: [
      { src: { process: 'request', port: 'request-out' }, tgt: { process: 'greet', port: 'data-in' } },
      { src: { process: 'greet', port: 'result-out' }, tgt: { process: 'respond', port: 'data-in' } },
    ],
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The envelope as JSON: these tests read its fields by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; headers: Headers; body: { success: boolean; data: any; error?: string; code?: string; details?: any[] } };

async function call(app: TestApp, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

/** The runs deployment `id` started, oldest first, with what each said and the trigger node that started it. */
async function runsOf(app: TestApp, id: string) {
  const runs = (await app.store.list({ limit: 1000, deploymentId: id })).items.reverse();
  return runs.map((run) => ({
    id: run.id,
    status: run.status,
    said: run.result?.outputs['say.result-out'],
    trigger: (run.request.metadata.trigger as { node_id: string } | undefined)?.node_id,
    graph: run.request.graph_json,
  }));
}

describe('changing, pausing and resuming deployments', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('runs the new graph from the next tick once a PATCH replaces it, while a run already started keeps its own', async () => {
    expect((await call(app, 'POST', '/deployments', { name: 'swap-graph', graph_json: saying('old') })).status).toBe(201);
    await waitFor(async () => (await runsOf(app, 'swap-graph')).length >= 1, { timeoutMs: 5000, what: 'a tick of the old graph' });
    const patched = await call(app, 'PATCH', '/deployments/swap-graph', { graph_json: saying('new') });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: 'swap-graph', paused: false, triggers: [{ node_id: 'tick', executions_started: 0 }] });
    expect(Date.parse(patched.body.data.updated_at)).toBeGreaterThan(Date.parse(patched.body.data.created_at));
    const before = (await runsOf(app, 'swap-graph')).length;
    await waitFor(async () => (await runsOf(app, 'swap-graph')).length >= before + 2, { timeoutMs: 6000, what: 'two ticks of the new graph' });
    const runs = await runsOf(app, 'swap-graph');
    await waitFor(async () => (await runsOf(app, 'swap-graph')).slice(0, before + 2).every((run) => run.status === 'completed'), { what: 'the runs to end' });
    const ended = await runsOf(app, 'swap-graph');
    expect(ended.slice(0, before).map((run) => run.said)).toEqual(Array(before).fill('old'));
    expect(ended.slice(before, before + 2).map((run) => run.said)).toEqual(['new', 'new']);
    expect(JSON.stringify(runs[0].graph)).toContain('"return \\"old\\""');
    await call(app, 'DELETE', '/deployments/swap-graph');
  }, 20_000);

  it('stops the old schedule and fires the new one once a PATCH replaces the triggers', async () => {
    expect((await call(app, 'POST', '/deployments', { name: 'swap-trigger', graph_json: saying('cron') })).status).toBe(201);
    await waitFor(async () => (await runsOf(app, 'swap-trigger')).length >= 1, { timeoutMs: 5000, what: 'a cron tick' });
    const patched = await call(app, 'PATCH', '/deployments/swap-trigger', { graph_json: saying('interval', intervalTrigger) });
    expect(patched.status).toBe(200);
    expect(patched.body.data.triggers).toEqual([expect.objectContaining({ node_id: 'every', type: 'interval', schedule: 'every 1000 ms' })]);
    const byTrigger = async (node: string) => (await runsOf(app, 'swap-trigger')).filter((run) => run.trigger === node).length;
    const cronRuns = await byTrigger('tick');
    await sleep(2500);
    expect(await byTrigger('tick')).toBe(cronRuns);
    expect(await byTrigger('every')).toBeGreaterThanOrEqual(2);
    await call(app, 'DELETE', '/deployments/swap-trigger');
  }, 15_000);

  it('refuses a patch that does not validate with a 400 naming the field, changing nothing, and answers 404 for an unknown deployment', async () => {
    expect((await call(app, 'POST', '/deployments', { name: 'steady', graph_json: greeter('Hello'), timeout_ms: 5000 })).status).toBe(201);
    const before = (await call(app, 'GET', '/deployments/steady')).body.data;
    const refusals: [unknown, string][] = [
      [{ graph_json: { processes: { x: { component: 'tpl_nope' } }, connections: [] } }, 'graph_json.processes.x.component'],
      [{ graph_json: greeter('Hi'), graph_fbp: "'a' -> IN x(tpl_javascript_script)" }, 'workflow'],
      [{ timeout_ms: -1 }, 'timeout_ms'],
      [{ input: 'text' }, 'input'],
      [{}, 'body'],
    ];
    for (const [patch, path] of refusals) {
      const refused = await call(app, 'PATCH', '/deployments/steady', patch);
      expect([refused.status, refused.body.success, refused.body.code]).toEqual([400, false, 'VALIDATION_FAILED']);
      expect(refused.body.details?.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect((await call(app, 'GET', '/deployments/steady')).body.data).toEqual(before);
    const greeted = await call(app, 'POST', '/hooks/steady/greet', { name: 'Ada' });
    expect(greeted.body).toEqual({ greeting: 'Hello Ada' });
    const missing = await call(app, 'PATCH', '/deployments/nope', { paused: true });
    expect([missing.status, missing.body.code, missing.body.error]).toEqual([404, 'NOT_FOUND', "Deployment 'nope' not found"]);
    expect((await call(app, 'POST', '/deployments/nope/pause')).status).toBe(404);
    expect((await call(app, 'POST', '/deployments/nope/resume')).status).toBe(404);
  });

  it('changes settings alone, removing one with null, and keeps the workflow', async () => {
    expect((await call(app, 'POST', '/deployments', { name: 'settings', graph_json: greeter('Hello'), timeout_ms: 5000 })).status).toBe(201);
    const patched = await call(app, 'PATCH', '/deployments/settings', { timeout_ms: null, max_concurrent_runs: 3 });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ max_concurrent_runs: 3 });
    expect((await call(app, 'POST', '/hooks/settings/greet', { name: 'Ada' })).body).toEqual({ greeting: 'Hello Ada' });
    const run = (await app.store.list({ limit: 1, deploymentId: 'settings' })).items[0];
    expect(run.request.metadata.timeout_ms).toBeUndefined();
  });

  it('stops the triggers and hooks of a paused deployment, answering 503 with Retry-After, and starts them again once resumed', async () => {
    const [ticking, greeting] = [saying('tick'), greeter('Hello')];
    const both = { processes: { ...ticking.processes, ...greeting.processes }, connections: [...ticking.connections!, ...greeting.connections!] };
    expect((await call(app, 'POST', '/deployments', { name: 'pausable', graph_json: both })).status).toBe(201);
    await waitFor(async () => (await runsOf(app, 'pausable')).length >= 1, { timeoutMs: 5000, what: 'a tick' });

    const paused = await call(app, 'POST', '/deployments/pausable/pause');
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ paused: true, triggers: [{ node_id: 'tick', next_ticks: [] }] });
    expect((await call(app, 'GET', '/deployments/pausable')).body.data.paused).toBe(true);
    expect((await call(app, 'POST', '/deployments/pausable/pause')).body.data.paused).toBe(true);
    const ticked = (await runsOf(app, 'pausable')).length;
    const hook = await call(app, 'POST', '/hooks/pausable/greet', { name: 'Ada' });
    expect([hook.status, hook.body.success, hook.body.code]).toEqual([503, false, 'UNAVAILABLE']);
    expect(hook.body.error).toBe("Deployment 'pausable' is paused: its hooks answer again once it is resumed");
    expect(hook.headers.get('retry-after')).toBe('60');
    expect((await call(app, 'POST', '/hooks/pausable/elsewhere', {})).status).toBe(404);
    await sleep(2500);
    expect(await runsOf(app, 'pausable')).toHaveLength(ticked);

    const resumed = await call(app, 'POST', '/deployments/pausable/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.paused).toBe(false);
    expect(resumed.body.data.triggers[0].next_ticks).toHaveLength(3);
    expect((await call(app, 'POST', '/hooks/pausable/greet', { name: 'Ada' })).body).toEqual({ greeting: 'Hello Ada' });
    await waitFor(async () => (await runsOf(app, 'pausable')).filter((run) => run.trigger === 'tick').length > ticked, {
      timeoutMs: 4000,
      what: 'a tick after resuming',
    });

    // The same through PATCH.
    expect((await call(app, 'PATCH', '/deployments/pausable', { paused: true })).body.data.paused).toBe(true);
    expect((await call(app, 'POST', '/hooks/pausable/greet', { name: 'Ada' })).status).toBe(503);
    expect((await call(app, 'PATCH', '/deployments/pausable', { paused: false })).body.data.paused).toBe(false);
    await call(app, 'DELETE', '/deployments/pausable');
  }, 20_000);

  it('lists only the runs a deployment started with ?deployment=, even after it is deleted, and refuses a value that is no deployment id', async () => {
    for (const name of ['alpha', 'beta']) expect((await call(app, 'POST', '/deployments', { name, graph_json: greeter(name) })).status).toBe(201);
    for (const name of ['alpha', 'alpha', 'beta']) expect((await call(app, 'POST', `/hooks/${name}/greet`, { name: 'Ada' })).status).toBe(200);
    // A run that claims the deployment in its metadata was not started by it.
    const oneOff: GraphJson = {
      processes: { say: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } } },
      connections: [{ data: 'forged', tgt: { process: 'say', port: 'data-in' } }],
    };
    const forged = await call(app, 'POST', '/workflows', { graph_json: oneOff, metadata: { deployment_id: 'alpha', source: 'hook' } });
    expect(forged.status).toBe(200);

    const listed = await call(app, 'GET', '/workflows?deployment=alpha');
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toHaveLength(2);
    expect(listed.body.data.items.map((item: { deployment_id: string }) => item.deployment_id)).toEqual(['alpha', 'alpha']);
    const one = await call(app, 'GET', `/workflows/${listed.body.data.items[0].id}`);
    expect(one.body.data.deployment_id).toBe('alpha');
    expect((await call(app, 'GET', `/workflows/${forged.body.data.execution_id}`)).body.data.deployment_id).toBeNull();
    const paged = await app.client.listWorkflows({ deployment: 'alpha', limit: 1 });
    expect(paged.data!.data.items).toHaveLength(1);
    expect(paged.data!.data.next_cursor).not.toBeNull();

    await call(app, 'DELETE', '/deployments/alpha');
    expect((await call(app, 'GET', '/workflows?deployment=alpha')).body.data.items).toHaveLength(2);
    expect((await call(app, 'GET', '/workflows?deployment=gamma')).body.data.items).toEqual([]);
    const bad = await call(app, 'GET', '/workflows?deployment=Not%20An%20Id');
    expect([bad.status, bad.body.code, bad.body.details?.[0].path]).toEqual([400, 'VALIDATION_FAILED', 'deployment']);
  });
});

describe('a paused and changed deployment across a restart (SQLite)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deployment-changes-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stays paused, with its new workflow, once the service starts again on the same store', async () => {
    const file = join(dir, 'deployments.db');
    const first = await startTestApp({ deploymentStore: new SqliteDeploymentStore(file) });
    try {
      expect((await call(first, 'POST', '/deployments', { name: 'kept', graph_json: saying('old') })).status).toBe(201);
      expect((await call(first, 'PATCH', '/deployments/kept', { graph_json: saying('new'), paused: true })).status).toBe(200);
    } finally {
      await first.close();
    }
    const second = await startTestApp({ deploymentStore: new SqliteDeploymentStore(file) });
    try {
      const kept = (await call(second, 'GET', '/deployments/kept')).body.data;
      expect(kept).toMatchObject({ paused: true, triggers: [{ node_id: 'tick', next_ticks: [] }] });
      expect(kept.updated_at).toEqual(expect.any(String));
      await sleep(2200);
      expect(await runsOf(second, 'kept')).toEqual([]);
      expect((await call(second, 'POST', '/deployments/kept/resume')).body.data.paused).toBe(false);
      await waitFor(async () => (await runsOf(second, 'kept')).some((run) => run.status === 'completed'), { timeoutMs: 5000, what: 'a tick after resuming' });
      expect((await runsOf(second, 'kept')).filter((run) => run.status === 'completed').map((run) => run.said)[0]).toBe('new');
    } finally {
      await second.close();
    }
  }, 20_000);
});
