import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createActorCatalogue } from '../actors';
import { ExecutionService } from '../executions';
import { MemoryExecutionStore, PostgresDeploymentStore } from '../storage';
import { type DeploymentRecord } from './deployment-record';
import { DeploymentService, tickKey } from './deployment-service';
import { HookAnswers } from './hook-answers';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const catalogue = createActorCatalogue();
const everySecond = { processes: { tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '* * * * * *' } } } }, connections: [] };

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A node of a cluster: its own execution service, its deployments in the shared namespace, synced on every change. */
async function clusterNode(namespace: string, claimTick: (deploymentId: string, triggerNodeId: string, key: string) => Promise<boolean>) {
  const store = await PostgresDeploymentStore.open({ url: POSTGRES_URL, namespace });
  const executions = new ExecutionService({ catalogue, store: new MemoryExecutionStore() });
  const deployments = new DeploymentService({ store, executions, catalogue, secret: () => undefined, answers: new HookAnswers(), claimTick });
  deployments.restore();
  store.onChange((id) => deployments.sync(id));
  const runs = async () => (await executions.list({ limit: 100 })).items;
  const close = async () => {
    deployments.stop();
    await executions.shutdown(1000);
    await store.close();
  };
  return { store, deployments, runs, close };
}

describe('deployments across the nodes of a cluster', () => {
  const namespace = `test_deployment_sync_${randomBytes(6).toString('hex')}`;
  const nodes: Awaited<ReturnType<typeof clusterNode>>[] = [];

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${namespace}" CASCADE`);
    await client.end();
  });

  it('arms a deployment created on one node on the other, runs each tick once across both, and disarms it on both when deleted', async () => {
    // Stands in for the Redis lock: the first node to claim a key runs the tick.
    const claimed = new Set<string>();
    const attempts = new Map<string, number>();
    const claimTick = async (deploymentId: string, triggerNodeId: string, key: string) => {
      const name = `${deploymentId}/${triggerNodeId}/${key}`;
      attempts.set(name, (attempts.get(name) ?? 0) + 1);
      if (claimed.has(name)) return false;
      claimed.add(name);
      return true;
    };
    const [a, b] = [await clusterNode(namespace, claimTick), await clusterNode(namespace, claimTick)];
    nodes.push(a, b);

    // Created just after a whole second, so that the ticks fall at +1, +2 and +3 s and the count is read at +3.5 s,
    // half a second from any tick.
    await until(() => Date.now() % 1000 < 50, 2000);
    a.deployments.create({ name: 'every-second', graph_json: everySecond, input: {} });
    await until(() => b.deployments.list().length === 1);
    expect(b.deployments.get('every-second').triggers[0]).toMatchObject({ node_id: 'tick' });

    await sleep(3500);
    const runs = [...(await a.runs()), ...(await b.runs())];
    const tickTimes = runs.map((run) => (run.request.metadata.trigger as { timestamp: string }).timestamp);
    expect(runs).toHaveLength(3);
    expect(new Set(tickTimes).size).toBe(3);
    expect(claimed.size).toBe(3);
    // Both nodes were armed for every tick: each tried to claim it.
    expect([...attempts.values()]).toEqual([2, 2, 2]);
    // Each node counts the runs the other started: the trigger's state follows the store.
    for (const node of [a, b]) expect(node.deployments.get('every-second').triggers[0]).toMatchObject({ executions_started: 3 });

    a.deployments.delete('every-second');
    await until(() => b.deployments.list().length === 0);
    const attemptsAtDeletion = [...attempts.values()].reduce((sum, count) => sum + count, 0);
    await sleep(1500);
    expect([...attempts.values()].reduce((sum, count) => sum + count, 0)).toBe(attemptsAtDeletion);
  });
});

describe('changes of a deployment across the nodes of a cluster', () => {
  const namespace = `test_deployment_changes_${randomBytes(6).toString('hex')}`;
  const nodes: Awaited<ReturnType<typeof clusterNode>>[] = [];

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${namespace}" CASCADE`);
    await client.end();
  });

  it('stops every node firing a deployment paused on one, starts them again once resumed on another, and arms a new workflow everywhere', async () => {
    const claimed = new Set<string>();
    const attempts: string[] = [];
    const claimTick = async (deploymentId: string, triggerNodeId: string, key: string) => {
      const name = `${deploymentId}/${triggerNodeId}/${key}`;
      attempts.push(name);
      if (claimed.has(name)) return false;
      claimed.add(name);
      return true;
    };
    const [a, b] = [await clusterNode(namespace, claimTick), await clusterNode(namespace, claimTick)];
    nodes.push(a, b);
    a.deployments.create({ name: 'pausable', graph_json: everySecond, input: {} });
    await until(() => b.deployments.list().length === 1);
    await until(() => attempts.length >= 2, 3000);

    a.deployments.pause('pausable');
    await until(() => b.deployments.get('pausable').paused);
    expect(b.deployments.get('pausable').triggers[0].next_ticks).toEqual([]);
    await sleep(100);
    const attemptsAtPause = attempts.length;
    await sleep(1500);
    expect(attempts).toHaveLength(attemptsAtPause);
    // A node that starts meanwhile reads the pause from the store and arms nothing either.
    const c = await clusterNode(namespace, claimTick);
    nodes.push(c);
    expect(c.deployments.get('pausable').paused).toBe(true);
    await sleep(1200);
    expect(attempts).toHaveLength(attemptsAtPause);

    b.deployments.resume('pausable');
    await until(() => !a.deployments.get('pausable').paused && !c.deployments.get('pausable').paused);
    await until(() => attempts.length >= attemptsAtPause + 3, 3000);

    const everyTwo = { processes: { every: { component: 'tpl_interval_trigger', metadata: { config: { interval: 1000 } } } }, connections: [] };
    const changed = a.deployments.update('pausable', { graph_json: everyTwo });
    await until(() => [b, c].every((node) => node.deployments.get('pausable').triggers[0]?.node_id === 'every'));
    const attemptsAtChange = attempts.length;
    await sleep(1600);
    const after = attempts.slice(attemptsAtChange);
    expect(after.some((name) => name.startsWith('pausable/tick/'))).toBe(false);
    const revisedAt = Date.parse(changed.updated_at!);
    expect(after.filter((name) => name.startsWith(`pausable/every/${revisedAt}+`)).length).toBeGreaterThanOrEqual(3);
    // One run per tick across the three nodes.
    const runs = [...(await a.runs()), ...(await b.runs()), ...(await c.runs())].filter(
      (run) => (run.request.metadata.trigger as { node_id: string }).node_id === 'every',
    );
    // Nodes arm an interval a few milliseconds apart: a tick is told by its whole number of intervals from the change.
    const tickTimes = runs.map((run) => Math.round((Date.parse((run.request.metadata.trigger as { timestamp: string }).timestamp) - revisedAt) / 1000));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tickTimes).size).toBe(runs.length);
  }, 20_000);
});

describe('tickKey', () => {
  const record = (createdAt: number) => ({ createdAt }) as DeploymentRecord;
  const interval = { nodeId: 'every', type: 'interval', intervalMs: 1000, startImmediately: false, timezone: 'UTC', maxExecutions: 0 } as const;
  const cron = { nodeId: 'cron', type: 'cron', schedule: '* * * * * *', timezone: 'UTC', maxExecutions: 0 } as const;

  it('is the time of a cron tick', () => {
    expect(tickKey(record(1234), cron, 1_700_000_000_000)).toBe('1700000000000');
  });

  it('is the same for the ticks of an interval trigger that nodes armed a few milliseconds apart', () => {
    const createdAt = 1_700_000_000_499;
    expect(tickKey(record(createdAt), interval, createdAt + 3000)).toBe('3');
    expect(tickKey(record(createdAt), interval, createdAt + 3000 + 40)).toBe('3');
    expect(tickKey(record(createdAt), interval, createdAt + 4000 + 40)).toBe('4');
  });

  it('counts the ticks of a deployment changed in place from the change, naming it, so that no earlier key is met again', () => {
    const createdAt = 1_700_000_000_499;
    const revisedAt = createdAt + 100_250;
    const revised = { createdAt, revisedAt } as DeploymentRecord;
    expect(tickKey(revised, interval, revisedAt + 3000 + 40)).toBe(`${revisedAt}+3`);
    expect(tickKey(revised, interval, revisedAt + 3000 + 40)).not.toBe(tickKey(record(createdAt), interval, revisedAt + 3000 + 40));
  });
});
