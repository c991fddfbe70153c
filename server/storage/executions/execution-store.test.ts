import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type ExecutionRecord } from '../../executions';
import { type ExecutionStore, type TerminalEventOf } from './execution-store';
import { InvalidCursorError } from '../../executions';
import { MemoryExecutionStore } from './memory-execution-store';
import { PostgresExecutionStore } from './postgres-execution-store';
import { dropNamespace } from '../postgres';
import { SqliteExecutionStore } from './sqlite-execution-store';
import { type RunResult } from '../../../model';
import { executionRecord } from '../../../test/support/execution-record';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A completed execution record created at `createdAt`: the listing tests order by that. */
const record = (id: string, createdAt: number, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord => executionRecord(id, { status: 'completed', createdAt, ...overrides });

const resultOf = (r: ExecutionRecord, success: boolean): RunResult => ({
  success,
  execution_id: r.id,
  workflow_id: r.workflowId,
  start_time: '1970-01-01T00:00:00.000Z',
  end_time: '1970-01-01T00:00:00.007Z',
  duration_ms: 7,
  outputs: {},
  errors: [],
  nodes_executed: 0,
  nodes_failed: 0,
});

const cancelled: TerminalEventOf = (r, lastSeq) => ({ _type: 'Cancelled', seq: lastSeq + 1, timestamp: 7, result: resultOf(r, false) });
const idle = (seq: number, timestamp = seq) => ({ _type: 'NetworkIdle', seq, timestamp }) as const;

const postgresNamespaces: string[] = [];
const runId = randomBytes(4).toString('hex');

const stores: [string, () => Promise<ExecutionStore>][] = [
  ['MemoryExecutionStore', async () => new MemoryExecutionStore()],
  ['SqliteExecutionStore', async () => new SqliteExecutionStore(':memory:')],
  [
    'PostgresExecutionStore',
    () => {
      // Each test starts from empty tables: a namespace of its own, all dropped after the run.
      const namespace = `test_store_${runId}_${postgresNamespaces.length}`;
      postgresNamespaces.push(namespace);
      return PostgresExecutionStore.open({ url: POSTGRES_URL, namespace, poolSize: 2 });
    },
  ],
];

afterAll(async () => {
  for (const namespace of postgresNamespaces) await dropNamespace(POSTGRES_URL, namespace);
});

describe.each(stores)('%s', (_name, open) => {
  let store: ExecutionStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  it('pages newest first with a cursor, the id breaking ties, without overlap', async () => {
    for (const [id, at] of [['a', 1], ['b', 2], ['c', 2], ['d', 3]] as const) store.insert(record(id, at));
    const first = await store.list({ limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual(['d', 'c']);
    const second = await store.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((r) => r.id)).toEqual(['b', 'a']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by status and workflow id', async () => {
    store.insert(record('a', 1, { status: 'failed' }));
    store.insert(record('b', 2, { workflowId: 'other' }));
    store.insert(record('c', 3));
    expect((await store.list({ limit: 10, status: 'completed', workflowId: 'w' })).items.map((r) => r.id)).toEqual(['c']);
  });

  it('refuses a cursor it did not issue', async () => {
    await expect((async () => store.list({ limit: 10, cursor: 'garbage' }))()).rejects.toThrow(InvalidCursorError);
  });

  it('keeps events in order and refuses a gap', async () => {
    store.insert(record('a', 1, { status: 'running' }));
    store.appendEvent('a', idle(1));
    expect(() => store.appendEvent('a', idle(3))).toThrow("Event seq 3 does not follow seq 1 of execution 'a'");
    store.appendEvent('a', idle(2));
    expect((await store.readEvents('a', 2, 10)).map((e) => e.seq)).toEqual([2]);
    expect(await store.lastSeq('a')).toBe(2);
  });

  it('serves the new events of an id used again after its execution was deleted', async () => {
    store.insert(record('a', 1, { status: 'running' }));
    store.appendEvent('a', idle(1));
    expect(await store.readEvents('a', 1, 10)).toEqual([idle(1)]);
    store.update('a', { status: 'completed', endedAt: 2 });
    expect(await store.delete('a')).toBe(true);
    store.insert(record('a', 2, { status: 'running' }));
    store.appendEvent('a', idle(1, 99));
    store.appendEvent('a', idle(2, 100));
    expect((await store.readEvents('a', 1, 10)).map((e) => e.timestamp)).toEqual([99, 100]);
  });

  it('hands out copies, so callers cannot change what is stored', async () => {
    store.insert(record('a', 1));
    const copy = (await store.get('a'))!;
    copy.status = 'failed';
    expect((await store.get('a'))!.status).toBe('completed');
  });

  it('changes only the fields an update sets, after the execution was written', async () => {
    store.insert(record('a', 1, { status: 'running', nodeId: 'n1', startedAt: 2 }));
    await store.written();
    const result = resultOf(record('a', 1), true);
    store.update('a', { status: 'completed', result, endedAt: 9 });
    expect(await store.get('a')).toEqual(record('a', 1, { status: 'completed', nodeId: 'n1', startedAt: 2, result, endedAt: 9 }));
  });

  it('claims a queued execution once, and no other', async () => {
    store.insert(record('q', 1, { status: 'queued' }));
    store.insert(record('r', 2, { status: 'running', nodeId: 'n0' }));
    expect(await store.claim('q', 'n1', 5)).toEqual(record('q', 1, { status: 'running', nodeId: 'n1', startedAt: 5 }));
    expect(await store.claim('q', 'n2', 6)).toBeUndefined();
    expect(await store.claim('r', 'n2', 6)).toBeUndefined();
    expect(await store.claim('missing', 'n2', 6)).toBeUndefined();
    expect(await store.get('q')).toMatchObject({ status: 'running', nodeId: 'n1', startedAt: 5 });
  });

  it('concludes a queued execution with its terminal event logged after the last one', async () => {
    store.insert(record('q', 1, { status: 'queued' }));
    const seen: number[] = [];
    expect(
      await store.conclude('q', { status: 'queued' }, (r, lastSeq) => {
        seen.push(lastSeq);
        return cancelled(r, lastSeq);
      }),
    ).toBe(true);
    expect(seen).toEqual([0]);
    expect(await store.get('q')).toMatchObject({ status: 'cancelled', endedAt: 7, result: resultOf(record('q', 1), false) });
    expect(await store.readEvents('q', 1, 10)).toEqual([cancelled(record('q', 1), 0)]);
    expect(await store.lastSeq('q')).toBe(1);
    expect(await store.conclude('q', { status: 'queued' }, cancelled)).toBe(false);
  });

  it('concludes a running execution only in the status and on the node expected', async () => {
    store.insert(record('r', 1, { status: 'running', nodeId: 'n1', startedAt: 1 }));
    store.appendEvent('r', idle(1));
    store.appendEvent('r', idle(2));
    const failed: TerminalEventOf = (r, lastSeq) => ({ _type: 'Failed', seq: lastSeq + 1, timestamp: 8, error: 'node n1 stopped', result: resultOf(r, false) });
    expect(await store.conclude('r', { status: 'queued' }, failed)).toBe(false);
    expect(await store.conclude('r', { status: 'running', nodeId: 'n2' }, failed)).toBe(false);
    expect(await store.conclude('missing', { status: 'running' }, failed)).toBe(false);
    expect(await store.get('r')).toMatchObject({ status: 'running', endedAt: null });
    expect(await store.conclude('r', { status: 'running', nodeId: 'n1' }, failed)).toBe(true);
    expect(await store.get('r')).toMatchObject({ status: 'failed', endedAt: 8 });
    expect((await store.readEvents('r', 1, 10)).map((e) => `${e.seq}:${e._type}`)).toEqual(['1:NetworkIdle', '2:NetworkIdle', '3:Failed']);
  });

  it('lists the unfinished executions, of one node when asked', async () => {
    store.insert(record('q', 1, { status: 'queued' }));
    store.insert(record('r1', 2, { status: 'running', nodeId: 'n1' }));
    store.insert(record('r2', 3, { status: 'running', nodeId: 'n2' }));
    store.insert(record('c', 4, { status: 'completed', nodeId: 'n1' }));
    expect((await store.listUnfinished()).map((r) => r.id).sort()).toEqual(['q', 'r1', 'r2']);
    expect((await store.listUnfinished('n1')).map((r) => r.id)).toEqual(['r1']);
  });

  it('never changes a finished execution again', async () => {
    store.insert(record('a', 1, { status: 'running', nodeId: 'n1' }));
    store.appendEvent('a', idle(1));
    expect(await store.conclude('a', { status: 'running' }, cancelled)).toBe(true);
    store.update('a', { status: 'completed', endedAt: 99 });
    store.appendEvent('a', idle(3));
    await store.written();
    expect(await store.get('a')).toMatchObject({ status: 'cancelled', endedAt: 7 });
    expect((await store.readEvents('a', 1, 10)).map((e) => e.seq)).toEqual([1, 2]);
    expect(await store.lastSeq('a')).toBe(2);
  });

  it('prunes finished executions by age and by count, with their events, never unfinished ones', async () => {
    for (const [id, endedAt] of [['a', 1], ['b', 2], ['c', 3]] as const) {
      store.insert(record(id, endedAt, { status: 'running' }));
      store.appendEvent(id, idle(1));
      store.update(id, { status: 'completed', endedAt });
    }
    store.insert(record('d', 4, { status: 'running' }));
    expect(await store.prune({ endedBefore: 2 })).toBe(1);
    expect(await store.prune({ keep: 1 })).toBe(1);
    expect((await store.list({ limit: 10 })).items.map((r) => r.id)).toEqual(['d', 'c']);
    expect(await store.readEvents('a', 1, 10)).toEqual([]);
    expect(await store.delete('d')).toBe(false);
  });

  it('prunes the oldest finished executions first, never unfinished ones', async () => {
    for (const [id, endedAt] of [['a', 3], ['b', 1], ['c', 2]] as const) {
      store.insert(record(id, endedAt, { status: 'running' }));
      store.appendEvent(id, idle(1));
      store.update(id, { status: 'completed', endedAt });
    }
    store.insert(record('d', 4, { status: 'running' }));
    expect(await store.prune({ oldest: 2 })).toBe(2);
    expect((await store.list({ limit: 10 })).items.map((r) => r.id)).toEqual(['d', 'a']);
    expect(await store.readEvents('b', 1, 10)).toEqual([]);
    expect(await store.prune({ oldest: 5 })).toBe(1);
    expect((await store.list({ limit: 10 })).items.map((r) => r.id)).toEqual(['d']);
  });
});

describe('SqliteExecutionStore on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'executions-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the pages a prune freed as free bytes, and truncates its write-ahead log', async () => {
    const path = join(dir, 'executions.db');
    const store = new SqliteExecutionStore(path);
    store.insert(record('big', 1, { status: 'running' }));
    for (let seq = 1; seq <= 200; seq++) store.appendEvent('big', { _type: 'MessageSent', seq, timestamp: seq, fromActor: 'a', fromPort: 'out', toActor: 'b', toPort: 'in', message: 'x'.repeat(10_000) });
    store.update('big', { status: 'completed', endedAt: 2 });
    await store.written();
    const freeBefore = store.freeBytes();
    expect(await store.prune({ oldest: 1 })).toBe(1);
    expect(store.freeBytes() - freeBefore).toBeGreaterThan(1_500_000);
    expect(statSync(`${path}-wal`).size).toBe(0);
    await store.close();
  });

  it('keeps executions, results and events across a reopen', async () => {
    const path = join(dir, 'nested', 'executions.db');
    const first = new SqliteExecutionStore(path);
    first.insert(record('done', 1, { status: 'running' }));
    first.insert(record('left', 2, { status: 'running' }));
    first.appendEvent('done', idle(1, 5));
    first.update('done', { status: 'completed', endedAt: 9 });
    first.appendEvent('left', idle(1, 6));
    await first.close();
    const second = new SqliteExecutionStore(path);
    expect(await second.get('done')).toMatchObject({ status: 'completed', endedAt: 9 });
    expect(await second.readEvents('done', 1, 10)).toEqual([idle(1, 5)]);
    expect(await second.lastSeq('left')).toBe(1);
    expect((await second.listUnfinished()).map((r) => r.id)).toEqual(['left']);
    await second.close();
  });

  it('moves the events of a database with the clustered layout of earlier versions, keeping every one', async () => {
    const path = join(dir, 'executions.db');
    const old = new Database(path);
    old.exec(`CREATE TABLE events (execution_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (execution_id, seq)) WITHOUT ROWID`);
    const insert = old.prepare('INSERT INTO events (execution_id, seq, body) VALUES (?, ?, ?)');
    for (const seq of [2, 1, 3]) insert.run('old', seq, JSON.stringify(idle(seq)));
    old.close();
    const store = new SqliteExecutionStore(path);
    expect((await store.readEvents('old', 1, 10)).map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(await store.lastSeq('old')).toBe(3);
    expect(() => store.appendEvent('old', idle(3, 9))).toThrow(/does not follow/);
    store.appendEvent('old', idle(4));
    await store.close();
    const reopened = new Database(path);
    const table = reopened.prepare("SELECT sql FROM sqlite_master WHERE name = 'events'").get() as { sql: string };
    expect(table.sql).not.toContain('WITHOUT ROWID');
    expect(reopened.prepare("SELECT COUNT(*) AS n FROM events WHERE execution_id = 'old'").get()).toEqual({ n: 4 });
    expect(() => reopened.prepare("INSERT INTO events VALUES ('old', 4, '{}')").run()).toThrow(/UNIQUE/);
    reopened.close();
  });

  it('serves the events it keeps in memory and reads older ones from disk, without gaps at the seam', async () => {
    const store = new SqliteExecutionStore(join(dir, 'executions.db'));
    store.insert(record('long', 1, { status: 'running' }));
    // More events than the store keeps in memory: the first ones are only on disk.
    for (let seq = 1; seq <= 20_500; seq += 1) store.appendEvent('long', idle(seq));
    await store.written();
    const seqs = async (from: number, limit: number) => (await store.readEvents('long', from, limit)).map((e) => e.seq);
    const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    expect(await seqs(1, 3)).toEqual([1, 2, 3]);
    expect(await seqs(450, 100)).toEqual(range(450, 100));
    expect(await seqs(20_450, 100)).toEqual(range(20_450, 51));
    expect(await seqs(20_501, 10)).toEqual([]);
    const kept = await store.readEvents('long', 20_400, 5);
    expect(await store.readEvents('long', 20_400, 5)).toEqual(kept);
    expect((await store.readEvents('long', 20_400, 5))[0]).toBe(kept[0]);
    await store.close();
  });

  it('serves events before they are flushed to disk, in order', async () => {
    const store = new SqliteExecutionStore(join(dir, 'executions.db'));
    store.insert(record('a', 1, { status: 'running' }));
    for (let seq = 1; seq <= 2500; seq += 1) store.appendEvent('a', idle(seq));
    const events = await store.readEvents('a', 1990, 20);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 1990 + i));
    expect((await store.readEvents('a', 2490, 100)).map((e) => e.seq)).toEqual(Array.from({ length: 11 }, (_, i) => 2490 + i));
    await store.close();
  });
});
