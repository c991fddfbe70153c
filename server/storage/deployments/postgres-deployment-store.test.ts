import { createHash, randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import pg from 'pg';
import { PostgresExecutionStore } from '../executions';
import { FRESH_TRIGGER } from '../../deployments';
import { type DeploymentStore } from './deployment-store';
import { PostgresDeploymentStore } from './postgres-deployment-store';
import { deploymentRecord, describeDeploymentStore, ticked } from '../../../test/support/deployment-store-cases';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

const record = deploymentRecord;

const namespaces: string[] = [];
const stores: PostgresDeploymentStore[] = [];

function newNamespace(): string {
  const namespace = `test_deployments_${randomBytes(6).toString('hex')}`;
  namespaces.push(namespace);
  return namespace;
}

async function open(namespace: string): Promise<PostgresDeploymentStore> {
  const store = await PostgresDeploymentStore.open({ url: POSTGRES_URL, namespace });
  stores.push(store);
  return store;
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function sql(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  for (const namespace of namespaces) await sql(`DROP SCHEMA IF EXISTS "${namespace}" CASCADE`);
});

const namespaceOf = new Map<DeploymentStore, string>();
describeDeploymentStore('PostgresDeploymentStore', {
  open: async () => {
    const namespace = newNamespace();
    const store = await open(namespace);
    namespaceOf.set(store, namespace);
    return store;
  },
  reopen: async (store) => {
    await store.close();
    const namespace = namespaceOf.get(store)!;
    const reopened = await open(namespace);
    namespaceOf.set(reopened, namespace);
    return reopened;
  },
});

describe('PostgresDeploymentStore', () => {
  it("mirrors another instance's insert, trigger state and deletion, and tells its listeners of each", async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace), await open(namespace)];
    const heard: string[] = [];
    b.onChange((id) => heard.push(id));

    a.insert(record('shared'));
    await until(() => b.get('shared') !== undefined && heard.length === 1);
    expect(b.get('shared')).toEqual(record('shared'));
    expect(heard).toEqual(['shared']);

    a.saveTrigger('shared', 'tick', ticked);
    await until(() => b.get('shared')?.triggers.tick !== undefined && heard.length === 2);
    expect(b.get('shared')?.triggers).toEqual({ tick: ticked });

    a.delete('shared');
    await until(() => b.get('shared') === undefined && heard.length === 3);
    expect(b.list()).toEqual([]);
    expect(heard).toEqual(['shared', 'shared', 'shared']);
  });

  it("mirrors another instance's pause and new request, and tells its listeners of each", async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace), await open(namespace)];
    const heard: string[] = [];
    b.onChange((id) => heard.push(id));
    a.insert(record('changing', { triggers: { tick: ticked } }));
    await until(() => b.get('changing') !== undefined);

    expect(a.update('changing', { paused: true })).toBe(true);
    await until(() => b.get('changing')?.paused === true);
    expect(b.get('changing')).toEqual(record('changing', { paused: true, triggers: { tick: ticked } }));

    const request = { ...record('changing').request, input: { greeting: 'hi' } };
    expect(a.update('changing', { request, revisedAt: 1_700_000_009_000, paused: false })).toBe(true);
    await until(() => b.get('changing')?.revisedAt !== undefined);
    expect(b.get('changing')).toEqual(record('changing', { request, revisedAt: 1_700_000_009_000, triggers: {} }));
    expect(heard).toEqual(['changing', 'changing', 'changing']);
    expect(b.update('gone', { paused: true })).toBe(false);
  });

  it("keeps its own unwritten changes on top of another instance's change it reads", async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace), await open(namespace)];
    a.insert(record('busy'));
    await until(() => b.get('busy') !== undefined);
    const started = (store: PostgresDeploymentStore, nodeId: string) => store.get('busy')?.triggers[nodeId]?.executionsStarted ?? 0;
    const regressions: string[] = [];
    for (let count = 1; count <= 40; count += 1) {
      if (started(a, 'on-a') !== count - 1) regressions.push(`a saw ${started(a, 'on-a')} before ${count}`);
      if (started(b, 'on-b') !== count - 1) regressions.push(`b saw ${started(b, 'on-b')} before ${count}`);
      a.saveTrigger('busy', 'on-a', { ...FRESH_TRIGGER, executionsStarted: count });
      b.saveTrigger('busy', 'on-b', { ...FRESH_TRIGGER, executionsStarted: count });
      await new Promise((resolve) => setTimeout(resolve, 1 + (count % 3)));
    }
    await until(() => [a, b].every((store) => started(store, 'on-a') === 40 && started(store, 'on-b') === 40));
    expect(regressions).toEqual([]);
  });

  it('does not tell its own listeners of its own changes', async () => {
    const store = await open(newNamespace());
    const heard: string[] = [];
    store.onChange((id) => heard.push(id));
    store.insert(record('mine'));
    store.saveTrigger('mine', 'tick', ticked);
    await store.written();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });

  it('settles two instances inserting one id at once on the row the database kept', async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace), await open(namespace)];
    const heard: string[] = [];
    for (const store of [a, b]) store.onChange((id) => heard.push(id));
    expect(a.insert(record('race', { createdAt: 10 }))).toBe(true);
    expect(b.insert(record('race', { createdAt: 20 }))).toBe(true);
    await Promise.all([a.written(), b.written()]);
    const { rows } = await sql(`SELECT created_at FROM "${namespace}".deployments WHERE id = 'race'`);
    expect(rows).toHaveLength(1);
    const kept = Number(rows[0].created_at);
    await until(() => a.get('race')?.createdAt === kept && b.get('race')?.createdAt === kept);
    expect(heard).toContain('race');
  });

  it('reads everything again once its listening connection is back, catching up on the changes it missed', async () => {
    const namespace = newNamespace();
    const store = await open(namespace);
    const heard: string[] = [];
    store.onChange((id) => heard.push(id));
    const channel = `wes_deployments_${createHash('sha1').update(namespace).digest('hex').slice(0, 16)}`;
    const { rowCount } = await sql('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1', [`LISTEN "${channel}"`]);
    expect(rowCount).toBe(1);
    // Written behind the store's back, with no notification: only the reload can find it.
    await sql(`INSERT INTO "${namespace}".deployments (id, request, created_at, triggers) VALUES ('quiet', $1, 3, '{}')`, [
      JSON.stringify(record('quiet').request),
    ]);
    await until(() => store.get('quiet') !== undefined);
    expect(store.get('quiet')).toEqual(record('quiet', { createdAt: 3 }));
    expect(heard).toEqual(['quiet']);
  });

  it("opens alongside the namespace's execution store and other nodes, all starting at once", async () => {
    const namespace = newNamespace();
    const executions = PostgresExecutionStore.open({ url: POSTGRES_URL, namespace, poolSize: 1 });
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => open(namespace)));
    await (await executions).close();
    expect(opened.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const deployments = opened.map((outcome) => (outcome as PromiseFulfilledResult<PostgresDeploymentStore>).value);
    deployments[0].insert(record('one'));
    await until(() => deployments.every((store) => store.get('one') !== undefined));
  });

  it('rejects opening, naming the database, when nothing answers at its address', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const url = `postgres://postgres:secret@127.0.0.1:${port}/test`;
    const opening = PostgresDeploymentStore.open({ url, namespace: newNamespace(), connectTimeoutMs: 1000 });
    await expect(opening).rejects.toThrow(`Cannot open the deployment store at postgres://postgres:***@127.0.0.1:${port}/test`);
  });
});
