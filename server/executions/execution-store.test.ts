import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type ExecutionRecord } from './execution-record';
import { type ExecutionStore, InvalidCursorError } from './execution-store';
import { MemoryExecutionStore } from './memory-execution-store';
import { SqliteExecutionStore } from './sqlite-execution-store';

const record = (id: string, createdAt: number, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord => ({
  id,
  status: 'completed',
  workflowId: 'w',
  source: 'http_api',
  fingerprint: 'f',
  request: { graph_json: { processes: {} }, input: {}, metadata: {} },
  result: null,
  createdAt,
  startedAt: null,
  endedAt: null,
  ...overrides,
});

const stores: [string, () => ExecutionStore][] = [
  ['MemoryExecutionStore', () => new MemoryExecutionStore()],
  ['SqliteExecutionStore', () => new SqliteExecutionStore(':memory:')],
];

describe.each(stores)('%s', (_name, create) => {
  it('pages newest first with a cursor, the id breaking ties, without overlap', () => {
    const store = create();
    for (const [id, at] of [['a', 1], ['b', 2], ['c', 2], ['d', 3]] as const) store.insert(record(id, at));
    const first = store.list({ limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual(['d', 'c']);
    const second = store.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((r) => r.id)).toEqual(['b', 'a']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by status and workflow id', () => {
    const store = create();
    store.insert(record('a', 1, { status: 'failed' }));
    store.insert(record('b', 2, { workflowId: 'other' }));
    store.insert(record('c', 3));
    expect(store.list({ limit: 10, status: 'completed', workflowId: 'w' }).items.map((r) => r.id)).toEqual(['c']);
  });

  it('refuses a cursor it did not issue', () => {
    expect(() => create().list({ limit: 10, cursor: 'garbage' })).toThrow(InvalidCursorError);
  });

  it('keeps events in order and refuses a gap', () => {
    const store = create();
    store.insert(record('a', 1));
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 1, timestamp: 1 });
    expect(() => store.appendEvent('a', { _type: 'NetworkIdle', seq: 3, timestamp: 1 })).toThrow(/does not follow/);
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 2, timestamp: 2 });
    expect(store.readEvents('a', 2, 10).map((e) => e.seq)).toEqual([2]);
    expect(store.lastSeq('a')).toBe(2);
  });

  it('serves the new events of an id used again after its execution was deleted', () => {
    const store = create();
    store.insert(record('a', 1));
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 1, timestamp: 1 });
    if (store instanceof SqliteExecutionStore) store.flush();
    expect(store.readEvents('a', 1, 10)).toEqual([{ _type: 'NetworkIdle', seq: 1, timestamp: 1 }]);
    expect(store.delete('a')).toBe(true);
    store.insert(record('a', 2));
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 1, timestamp: 99 });
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 2, timestamp: 100 });
    if (store instanceof SqliteExecutionStore) store.flush();
    expect(store.readEvents('a', 1, 10).map((e) => e.timestamp)).toEqual([99, 100]);
  });

  it('hands out copies, so callers cannot change what is stored', () => {
    const store = create();
    store.insert(record('a', 1));
    const copy = store.get('a')!;
    copy.status = 'failed';
    expect(store.get('a')!.status).toBe('completed');
  });
});

describe('SqliteExecutionStore on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'executions-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps executions, results and events across a reopen', () => {
    const path = join(dir, 'nested', 'executions.db');
    const first = new SqliteExecutionStore(path);
    first.insert(record('done', 1, { status: 'running' }));
    first.insert(record('left', 2, { status: 'running' }));
    first.appendEvent('done', { _type: 'NetworkIdle', seq: 1, timestamp: 5 });
    first.update('done', { status: 'completed', endedAt: 9 });
    first.appendEvent('left', { _type: 'NetworkIdle', seq: 1, timestamp: 6 });
    first.close();
    const second = new SqliteExecutionStore(path);
    expect(second.get('done')).toMatchObject({ status: 'completed', endedAt: 9 });
    expect(second.readEvents('done', 1, 10)).toEqual([{ _type: 'NetworkIdle', seq: 1, timestamp: 5 }]);
    expect(second.lastSeq('left')).toBe(1);
    expect(second.listUnfinished().map((r) => r.id)).toEqual(['left']);
    second.close();
  });

  it('moves the events of a database with the clustered layout of earlier versions, keeping every one', () => {
    const path = join(dir, 'executions.db');
    const old = new Database(path);
    old.exec(`CREATE TABLE events (execution_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (execution_id, seq)) WITHOUT ROWID`);
    const insert = old.prepare('INSERT INTO events (execution_id, seq, body) VALUES (?, ?, ?)');
    for (const seq of [2, 1, 3]) insert.run('old', seq, JSON.stringify({ _type: 'NetworkIdle', seq, timestamp: seq }));
    old.close();
    const store = new SqliteExecutionStore(path);
    expect(store.readEvents('old', 1, 10).map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(store.lastSeq('old')).toBe(3);
    expect(() => store.appendEvent('old', { _type: 'NetworkIdle', seq: 3, timestamp: 9 })).toThrow(/does not follow/);
    store.appendEvent('old', { _type: 'NetworkIdle', seq: 4, timestamp: 4 });
    store.close();
    const reopened = new Database(path);
    const table = reopened.prepare("SELECT sql FROM sqlite_master WHERE name = 'events'").get() as { sql: string };
    expect(table.sql).not.toContain('WITHOUT ROWID');
    expect(reopened.prepare("SELECT COUNT(*) AS n FROM events WHERE execution_id = 'old'").get()).toEqual({ n: 4 });
    expect(() => reopened.prepare("INSERT INTO events VALUES ('old', 4, '{}')").run()).toThrow(/UNIQUE/);
    reopened.close();
  });

  it('serves events before they are flushed to disk, in order', () => {
    const store = new SqliteExecutionStore(join(dir, 'executions.db'));
    store.insert(record('a', 1));
    for (let seq = 1; seq <= 2500; seq += 1) store.appendEvent('a', { _type: 'NetworkIdle', seq, timestamp: seq });
    const events = store.readEvents('a', 1990, 20);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 1990 + i));
    expect(store.readEvents('a', 2490, 100).map((e) => e.seq)).toEqual(Array.from({ length: 11 }, (_, i) => 2490 + i));
    store.close();
  });
});
