import { type GraphJson } from '../../model';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';

/** `count` interval triggers, each feeding a step of its own: a fast script, or a call to `slowUrl`. */
function triggersGraph(count: number, intervalMs: number, slowUrl?: string): GraphJson {
  const processes: GraphJson['processes'] = {};
  const connections: GraphJson['connections'] = [];
  for (let i = 0; i < count; i += 1) {
    processes[`tick${i}`] = { component: 'tpl_interval_trigger', metadata: { config: { interval: intervalMs, startImmediately: true } } };
    processes[`step${i}`] =
      slowUrl === undefined
        ? { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } }
        : { component: 'tpl_http_request', metadata: { config: { url: slowUrl, method: 'GET' } } };
    connections.push({ src: { process: `tick${i}`, port: 'trigger-out' }, tgt: { process: `step${i}`, port: 'data-in' } });
  }
  return { properties: { name: 'ticks' }, processes, connections };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope as JSON, read by path
type Envelope = { success: boolean; data: any; error?: string; code?: string; timestamp?: string };

const post = async (app: TestApp, body: unknown) => {
  const response = await fetch(`${app.url}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Envelope };
};
const listIds = async (app: TestApp) => (await app.client.listDeployments()).data!.data.items.map((d) => d.id);
const runsOf = async (app: TestApp, deploymentId: string) =>
  (await app.store.list({ limit: 1000 })).items.filter((record) => record.request.metadata.deployment_id === deploymentId);
const skippedTicks = async (app: TestApp, reason: string) =>
  sampleValue(parsePrometheusText(await (await fetch(`${app.url}/metrics`)).text()), 'workflow_trigger_ticks_skipped_total', { reason });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deployment limits', () => {
  describe('counts', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ config: { max_deployments: 3, max_triggers_per_deployment: 2 } });
    });
    afterAll(() => app.close());

    it('refuses a deployment over max_deployments with 409 LIMIT_REACHED, storing nothing, and takes one again once another is deleted', async () => {
      for (const name of ['first', 'second', 'third']) expect((await post(app, { name, graph_json: triggersGraph(1, 60_000) })).status).toBe(201);
      const refused = await post(app, { name: 'fourth', graph_json: triggersGraph(1, 60_000) });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false, code: 'LIMIT_REACHED' });
      expect(refused.body.error).toMatch(/max_deployments = 3/);
      expect(typeof refused.body.timestamp).toBe('number');
      expect(await listIds(app)).toEqual(['first', 'second', 'third']);
      expect((await app.client.getDeployment('fourth')).response.status).toBe(404);
      expect((await app.client.deleteDeployment('second')).response.status).toBe(200);
      expect((await post(app, { name: 'fourth', graph_json: triggersGraph(1, 60_000) })).status).toBe(201);
      expect(await listIds(app)).toEqual(['first', 'third', 'fourth']);
      for (const id of await listIds(app)) await app.client.deleteDeployment(id);
    });

    it('refuses a workflow with more trigger nodes than max_triggers_per_deployment with 400 naming both, storing nothing', async () => {
      const refused = await post(app, { name: 'many-triggers', graph_json: triggersGraph(3, 60_000) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(refused.body.error).toMatch(/3 trigger nodes.*max_triggers_per_deployment = 2/);
      expect(await listIds(app)).toEqual([]);
      expect(await runsOf(app, 'many-triggers')).toHaveLength(0);
      expect((await post(app, { name: 'two-triggers', graph_json: triggersGraph(2, 60_000) })).status).toBe(201);
      await app.client.deleteDeployment('two-triggers');
    });
  });

  describe('ceiling on trigger starts', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ config: { max_trigger_starts_per_second: 2 } });
    });
    afterAll(() => app.close());

    it('starts no more than max_trigger_starts_per_second runs a second, and counts the ticks it skips in /deployments and /metrics', async () => {
      // Six triggers of a second would start six runs a second.
      const createdAt = Date.now();
      expect((await post(app, { name: 'fast', graph_json: triggersGraph(6, 1000) })).status).toBe(201);
      await sleep(3000);
      const listed = (await app.client.listDeployments()).data!.data.items.find((d) => d.id === 'fast')!;
      expect((await app.client.deleteDeployment('fast')).response.status).toBe(200);
      const elapsed = Date.now() - createdAt;
      const started = listed.triggers.reduce((sum, t) => sum + t.executions_started, 0);
      const throttled = listed.triggers.reduce((sum, t) => sum + t.ticks_throttled, 0);
      expect(started).toBeGreaterThan(0);
      expect(throttled).toBeGreaterThan(0);
      const runs = await runsOf(app, 'fast');
      expect(runs.length).toBeLessThanOrEqual(2 * Math.ceil(elapsed / 1000));
      expect(runs.length).toBeGreaterThanOrEqual(started);
      expect(await skippedTicks(app, 'max_trigger_starts_per_second')).toBeGreaterThanOrEqual(throttled);
      const single = (await app.client.getDeployment('fast')).response.status;
      expect(single).toBe(404);
    }, 15_000);
  });

  describe('max_concurrent_runs', () => {
    let app: TestApp;
    let slow: SlowServer;
    beforeAll(async () => {
      app = await startTestApp();
      slow = await startSlowServer(1500);
    });
    afterAll(async () => {
      await app.close();
      await slow.close();
    });

    it('skips a tick while the deployment has max_concurrent_runs going, and counts it with the skipped ticks', async () => {
      const created = await post(app, { name: 'one-at-a-time', graph_json: triggersGraph(3, 1000, slow.url), max_concurrent_runs: 1 });
      expect(created.status).toBe(201);
      expect(created.body.data.max_concurrent_runs).toBe(1);
      const deadline = Date.now() + 5000;
      let mostGoing = 0;
      while (Date.now() < deadline) {
        const going = (await runsOf(app, 'one-at-a-time')).filter((r) => r.status === 'queued' || r.status === 'running').length;
        mostGoing = Math.max(mostGoing, going);
        await sleep(50);
      }
      const deployment = (await app.client.getDeployment('one-at-a-time')).data!.data;
      await app.client.deleteDeployment('one-at-a-time');
      expect(mostGoing).toBe(1);
      // Three triggers of a second tick about 15 times in 5 s; runs of 2.5 s one at a time leave room for 2 or 3.
      expect((await runsOf(app, 'one-at-a-time')).length).toBeLessThanOrEqual(3);
      expect(deployment.triggers.reduce((sum, t) => sum + t.ticks_skipped, 0)).toBeGreaterThanOrEqual(8);
      expect(await skippedTicks(app, 'max_concurrent_runs')).toBeGreaterThanOrEqual(5);
    }, 20_000);
  });
});
