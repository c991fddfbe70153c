import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type TerminalEventOf } from './execution-store';
import { EVERY_EXECUTION } from './postgres-append-listener';
import { PostgresExecutionStore } from './postgres-execution-store';
import { POSTGRES_MIGRATIONS, dropNamespace, postgresNamespace } from '../postgres';
import { applyMigrations } from '../postgres/postgres-migrator';
import { closedPort } from '../../../test/support/closed-port';
import { describeExecutionStore, firing } from '../../../test/support/execution-store-cases';
import { TEST_POSTGRES_URL, testNamespaces } from '../../../test/support/postgres-test-namespaces';
import { executionRecord } from '../../../test/support/execution-record';
import { TcpRelay } from '../../../test/support/tcp-relay';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

const cancelled: TerminalEventOf = (r, lastSeq) => ({
  _type: 'Cancelled',
  seq: lastSeq + 1,
  timestamp: 7,
  result: {
    success: false,
    execution_id: r.id,
    workflow_id: r.workflowId,
    start_time: '',
    end_time: '',
    duration_ms: 0,
    outputs: {},
    errors: [],
    nodes_executed: 0,
    nodes_failed: 0,
  },
});
const idle = (seq: number) => ({ _type: 'NetworkIdle', seq, timestamp: seq }) as const;

const namespaces: string[] = [];
const stores: PostgresExecutionStore[] = [];

function newNamespace(): string {
  const namespace = `test_store_${randomBytes(6).toString('hex')}`;
  namespaces.push(namespace);
  return namespace;
}

async function open(namespace: string, url = POSTGRES_URL, nodeId?: string): Promise<PostgresExecutionStore> {
  const store = await PostgresExecutionStore.open({ url, namespace, poolSize: 4, nodeId });
  stores.push(store);
  return store;
}

/** Two stores on one namespace: two nodes of a cluster. */
async function twoNodes(): Promise<[PostgresExecutionStore, PostgresExecutionStore]> {
  const namespace = newNamespace();
  return [await open(namespace), await open(namespace)];
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** How many journal rows `namespace` holds, read past its stores. */
async function journalRows(namespace: string): Promise<number> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${client.escapeIdentifier(postgresNamespace(namespace).schema)}.journal`);
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  for (const namespace of namespaces) await dropNamespace(POSTGRES_URL, namespace);
});

// Each case starts from empty tables: a namespace of its own, all dropped after the file's tests.
const caseNamespaces = testNamespaces('test_store');
afterAll(() => caseNamespaces.dropAll());
describeExecutionStore('PostgresExecutionStore', () => PostgresExecutionStore.open({ url: TEST_POSTGRES_URL, namespace: caseNamespaces.next(), poolSize: 2 }));

describe('PostgresExecutionStore shared by two nodes', () => {
  it('lets exactly one of 20 concurrent claims of an execution win', async () => {
    const [a, b] = await twoNodes();
    a.insert(executionRecord('x'));
    await a.written();
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).claim('x', `node-${i}`, i)));
    const winners = claims.flatMap((claim, i) => (claim ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await b.get('x')).toMatchObject({ status: 'running', nodeId: `node-${winners[0]}`, startedAt: winners[0] });
  });

  it('lets exactly one of 20 concurrent adopts of a run from a stopped node win', async () => {
    const [a, b] = await twoNodes();
    a.insert(executionRecord('x', { status: 'running', nodeId: 'gone', startedAt: 1 }));
    await a.written();
    const adopts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).adopt('x', 'gone', `node-${i}`)));
    const winners = adopts.flatMap((adopted, i) => (adopted ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await b.get('x')).toMatchObject({ status: 'running', nodeId: `node-${winners[0]}`, startedAt: 1 });
  });

  it('hands the journal a node wrote to the node that adopts its run, which deletes it when the run ends', async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace), await open(namespace)];
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    a.appendEvent('x', idle(1));
    a.appendJournal('x', firing('n', 1, 'sent'));
    a.appendJournal('x', firing('n', 2));
    await a.written();
    expect(await b.adopt('x', 'a', 'b')).toMatchObject({ nodeId: 'b' });
    expect(await b.readJournal('x')).toEqual([firing('n', 1, 'sent'), firing('n', 2)]);
    b.appendJournal('x', firing('n', 2, 'again'));
    b.appendEvent('x', idle(2));
    b.update('x', { status: 'completed', endedAt: 3 });
    await b.written();
    expect(await a.readJournal('x')).toEqual([]);
    expect(await journalRows(namespace)).toBe(0);
  });

  it("drops the late writes of a node whose run another node took over, and keeps the new owner's", async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace, POSTGRES_URL, 'a'), await open(namespace, POSTGRES_URL, 'b')];
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    a.appendEvent('x', idle(1));
    await a.written();
    expect(await b.adopt('x', 'a', 'b')).toMatchObject({ nodeId: 'b' });
    // Node a stalled past the failure timeout and goes on as if it still ran the execution.
    a.appendEvent('x', idle(2));
    a.appendJournal('x', firing('n', 1, 'late'));
    a.update('x', { status: 'failed', endedAt: 5 });
    await a.written();
    expect(await b.get('x')).toMatchObject({ status: 'running', nodeId: 'b' });
    expect(await b.lastSeq('x')).toBe(1);
    expect(await b.readJournal('x')).toEqual([]);
    b.appendEvent('x', idle(2));
    b.update('x', { status: 'completed', endedAt: 6 });
    await b.written();
    expect(await a.get('x')).toMatchObject({ status: 'completed', endedAt: 6 });
    expect((await a.readEvents('x', 1, 10)).map((event) => event.seq)).toEqual([1, 2]);
  });

  it('leaves the journal of a run taken over to its new owner when the node that stalled ends it late', async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace, POSTGRES_URL, 'a'), await open(namespace, POSTGRES_URL, 'b')];
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    a.appendJournal('x', firing('n', 1, 'sent'));
    await a.written();
    expect(await b.adopt('x', 'a', 'b')).toMatchObject({ nodeId: 'b' });
    a.update('x', { status: 'failed', endedAt: 5 });
    await a.written();
    expect(await b.readJournal('x')).toEqual([firing('n', 1, 'sent')]);
  });

  it('keeps no journal of a run finished by a node that never saw it once the execution is deleted', async () => {
    const namespace = newNamespace();
    const [a, b] = [await open(namespace), await open(namespace)];
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    a.appendJournal('x', firing('n', 1, 'sent'));
    await a.written();
    b.update('x', { status: 'completed', endedAt: 3 });
    await b.written();
    expect(await b.readJournal('x')).toEqual([]);
    expect(await journalRows(namespace)).toBe(1);
    expect(await b.delete('x')).toBe(true);
    expect(await journalRows(namespace)).toBe(0);
  });

  it('ends a conclude racing a claim in one consistent state', async () => {
    const [a, b] = await twoNodes();
    const ids = Array.from({ length: 10 }, (_, i) => `x${i}`);
    for (const id of ids) a.insert(executionRecord(id));
    await a.written();
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const [claimed, concluded] = await Promise.all([a.claim(id, 'a', 1), b.conclude(id, { status: 'queued' }, cancelled)]);
        return { id, claimed: claimed !== undefined, concluded };
      }),
    );
    for (const { id, claimed, concluded } of outcomes) {
      expect(claimed).toBe(!concluded);
      const events = await a.readEvents(id, 1, 10);
      if (claimed) {
        expect(await b.get(id)).toMatchObject({ status: 'running', nodeId: 'a' });
        expect(events).toEqual([]);
      } else {
        expect(await b.get(id)).toMatchObject({ status: 'cancelled', nodeId: null, endedAt: 7 });
        expect(events.map((e) => e._type)).toEqual(['Cancelled']);
      }
    }
  });

  it('tells B of the events A commits, after the commit, so that B reads them in order', async () => {
    const [a, b] = await twoNodes();
    const heard: { executionId: string; lastSeq: number; read: number[] }[] = [];
    b.onAppended((executionId, lastSeq) => {
      void b.readEvents(executionId, 1, 100).then((events) => heard.push({ executionId, lastSeq, read: events.map((e) => e.seq) }));
    });
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    for (let seq = 1; seq <= 3; seq += 1) a.appendEvent('x', idle(seq));
    await a.written();
    await until(() => heard.length === 1);
    a.appendEvent('x', idle(4));
    await until(() => heard.length === 2);
    expect(heard).toEqual([
      { executionId: 'x', lastSeq: 3, read: [1, 2, 3] },
      { executionId: 'x', lastSeq: 4, read: [1, 2, 3, 4] },
    ]);
  });

  it('drops the events a node writes after another node finished the execution', async () => {
    const [a, b] = await twoNodes();
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    await a.written();
    expect(await b.conclude('x', { status: 'running', nodeId: 'a' }, cancelled)).toBe(true);
    a.appendEvent('x', idle(1));
    a.update('x', { status: 'completed', endedAt: 99 });
    await a.written();
    expect((await a.readEvents('x', 1, 10)).map((e) => e._type)).toEqual(['Cancelled']);
    expect(await a.get('x')).toMatchObject({ status: 'cancelled', endedAt: 7 });
  });

  it('finds the deployment of the runs a namespace kept before executions recorded it, but for a request holding a \\u escape', async () => {
    const namespace = newNamespace();
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await applyMigrations(
        client,
        postgresNamespace(namespace),
        POSTGRES_MIGRATIONS.filter((m) => m.version < 6),
      );
      const insert = `INSERT INTO ${client.escapeIdentifier(namespace)}.executions (id, status, workflow_id, source, fingerprint, request, created_at) VALUES ($1, 'completed', 'w', $2, 'f', $3, 1)`;
      const request = (metadata: object, input: object = {}) => JSON.stringify({ graph_json: { processes: {} }, input, metadata });
      await client.query(insert, ['ticked', 'trigger', request({ deployment_id: 'nightly' })]);
      await client.query(insert, ['escaped', 'trigger', request({ deployment_id: 'nightly' }, { text: 'nul \u0000 inside' })]);
      await client.query(insert, ['called', 'hook', request({ deployment_id: 'nightly' })]);
      await client.query(insert, ['posted', 'http_api', request({ deployment_id: 'nightly' })]);
    } finally {
      await client.end();
    }
    const store = await open(namespace);
    expect((await store.list({ limit: 10, deploymentId: 'nightly' })).items.map((r) => r.id).sort()).toEqual(['called', 'ticked']);
    expect((await store.get('posted'))?.deploymentId).toBeUndefined();
    expect((await store.get('escaped'))?.deploymentId).toBeUndefined();
  });

  it('applies each migration once when three nodes open a new namespace at once', async () => {
    const namespace = newNamespace();
    await Promise.all([open(namespace), open(namespace), open(namespace)]);
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${client.escapeIdentifier(namespace)}.schema_migrations ORDER BY version`);
      expect(rows.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
    } finally {
      await client.end();
    }
  });

  it('writes 2,000 events queued in one turn and reads them back in order', async () => {
    const [a, b] = await twoNodes();
    const heard: number[] = [];
    b.onAppended((_id, lastSeq) => heard.push(lastSeq));
    a.insert(executionRecord('x', { status: 'running', nodeId: 'a' }));
    for (let seq = 1; seq <= 2000; seq += 1) a.appendEvent('x', idle(seq));
    await a.written();
    const events = await b.readEvents('x', 1, 5000);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(events[1999]).toEqual(idle(2000));
    expect(await b.lastSeq('x')).toBe(2000);
    await until(() => heard.length > 0);
    expect(heard).toEqual([2000]);
  });

  it('writes requests and events as they were, whatever their characters hold', async () => {
    const [a, b] = await twoNodes();
    const text = 'quotes " \' back\\slash \\u0000 tab\t line\nbreak é 😀 {"json":[1]}';
    const record = executionRecord('x', { status: 'running', nodeId: 'a', request: { graph_json: { processes: {} }, input: { text }, metadata: {} } });
    a.insert(record);
    a.appendEvent('x', { ...idle(1), note: text } as unknown as ReturnType<typeof idle>);
    a.appendEvent('x', { ...idle(2), note: 'lone \ud800 surrogate' } as unknown as ReturnType<typeof idle>);
    await a.written();
    expect((await b.get('x'))?.request).toEqual(record.request);
    expect(await b.readEvents('x', 1, 10)).toEqual([
      { ...idle(1), note: text },
      { ...idle(2), note: 'lone \ud800 surrogate' },
    ]);
  });
});

describe('PostgresExecutionStore failures', () => {
  it('rejects written() for a batch the database refuses, and writes the next batch', async () => {
    const store = await open(newNamespace());
    store.insert(executionRecord('x', { status: 'running' }));
    await store.written();
    // A seq beyond PostgreSQL's integer range: accepted for an execution the store does not know, refused by the database.
    store.appendEvent('elsewhere', idle(2 ** 31));
    await expect(store.written()).rejects.toThrow(/out of range/);
    store.appendEvent('x', idle(1));
    await store.written();
    expect(await store.readEvents('x', 1, 10)).toEqual([idle(1)]);
  });

  it('tells why the server is unreachable, and hears appends again once it is back', async () => {
    const relay = new TcpRelay(5432);
    await relay.start();
    try {
      const namespace = newNamespace();
      const store = await open(namespace, `postgres://postgres@127.0.0.1:${relay.port}/test`);
      const heard: [string, number][] = [];
      store.onAppended((executionId, lastSeq) => heard.push([executionId, lastSeq]));
      expect(await store.unavailableReason()).toBeUndefined();
      await relay.cut();
      expect(await store.unavailableReason()).toMatch(/^PostgreSQL is unreachable: .+/);
      await relay.start();
      await until(() => heard.length > 0);
      expect(heard).toEqual([[EVERY_EXECUTION, 0]]);
      expect(await store.unavailableReason()).toBeUndefined();
      const other = await open(namespace);
      other.insert(executionRecord('x', { status: 'running' }));
      other.appendEvent('x', idle(1));
      await until(() => heard.length === 2);
      expect(heard[1]).toEqual(['x', 1]);
      await store.close();
      expect(await store.unavailableReason()).toBe('The execution store is closed');
      await store.close();
    } finally {
      await relay.cut();
    }
  });

  it('refuses to open on a bad URL, a closed port or a missing database, with a message that says so', async () => {
    const namespace = newNamespace();
    await expect(PostgresExecutionStore.open({ url: 'not a url', namespace })).rejects.toThrow('The database URL is not a URL');
    await expect(PostgresExecutionStore.open({ url: 'mysql://root@127.0.0.1/test', namespace })).rejects.toThrow(
      "'mysql://root@127.0.0.1/test' is not a PostgreSQL URL",
    );
    const port = await closedPort();
    await expect(PostgresExecutionStore.open({ url: `postgres://postgres:secret@127.0.0.1:${port}/test`, namespace })).rejects.toThrow(
      `Cannot open the execution store at postgres://postgres:***@127.0.0.1:${port}/test: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    await expect(PostgresExecutionStore.open({ url: 'postgres://postgres@127.0.0.1:5432/no_such_database', namespace })).rejects.toThrow(/does not exist/);
  });
});

describe('PostgresExecutionStore namespaces', () => {
  it('keeps the executions, events and notifications of each namespace apart', async () => {
    const [one, two] = [await open(newNamespace()), await open(newNamespace())];
    const heardByTwo: string[] = [];
    two.onAppended((executionId) => heardByTwo.push(executionId));
    one.insert(executionRecord('a', { status: 'running' }));
    one.appendEvent('a', idle(1));
    await one.written();
    two.insert(executionRecord('b', { status: 'running' }));
    two.appendEvent('b', idle(1));
    await two.written();
    // Notifications come in commit order: one's, had two heard it, would have come first.
    await until(() => heardByTwo.length > 0);
    expect(heardByTwo).toEqual(['b']);
    expect(await two.get('a')).toBeUndefined();
    expect(await two.readEvents('a', 1, 10)).toEqual([]);
    expect((await two.list({ limit: 10 })).items.map((r) => r.id)).toEqual(['b']);
    expect((await one.list({ limit: 10 })).items.map((r) => r.id)).toEqual(['a']);
  });

  it('takes namespaces PostgreSQL would refuse or truncate as schema names, and drops them', async () => {
    const long = `test_store_${randomBytes(6).toString('hex')}_${'x'.repeat(60)}`;
    const reserved = `pg_${newNamespace()}`;
    namespaces.push(long, reserved);
    const [a, b] = [await open(long), await open(`${long}y`)];
    namespaces.push(`${long}y`);
    a.insert(executionRecord('a'));
    await a.written();
    expect(await b.get('a')).toBeUndefined();
    const c = await open(reserved);
    expect(await c.get('a')).toBeUndefined();
    await dropNamespace(POSTGRES_URL, long);
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [postgresNamespace(long).schema]);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
