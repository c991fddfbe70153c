import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BetterSqlite3 as Database } from '../sqlite/better-sqlite3-module';
import { SqliteExecutionStore } from './sqlite-execution-store';
import { SQLITE_EXECUTION_MIGRATIONS } from '../sqlite';
import { cancelled, completedRecord as record, describeExecutionStore, firing, idle, resultOf } from '../../../test/support/execution-store-cases';

describeExecutionStore('SqliteExecutionStore', async () => new SqliteExecutionStore(':memory:'));

/** The executions that have journal rows in the database at `path`, read as another process would. */
function journalRows(path: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT DISTINCT execution_id FROM journal ORDER BY execution_id').all();
  } finally {
    db.close();
  }
}

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
    for (let seq = 1; seq <= 200; seq++)
      store.appendEvent('big', {
        _type: 'MessageSent',
        seq,
        timestamp: seq,
        fromActor: 'a',
        fromPort: 'out',
        toActor: 'b',
        toPort: 'in',
        message: 'x'.repeat(10_000),
      });
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

  it('keeps the journal of a run across a reopen, and deletes it when the run adopted ends, when concluded and when deleted', async () => {
    const path = join(dir, 'executions.db');
    const first = new SqliteExecutionStore(path);
    for (const [id, at] of [
      ['adopted', 1],
      ['stopped', 2],
      ['left', 3],
    ] as const) {
      first.insert(record(id, at, { status: 'running', nodeId: 'n1' }));
      first.appendJournal(id, firing('a', 1, at));
    }
    await first.close();
    const second = new SqliteExecutionStore(path);
    expect(await second.readJournal('adopted')).toEqual([firing('a', 1, 1)]);
    expect(await second.adopt('adopted', 'n1', 'n1')).toMatchObject({ nodeId: 'n1' });
    second.update('adopted', { status: 'completed', endedAt: 5 });
    expect(await second.conclude('stopped', { status: 'running', nodeId: 'n1' }, cancelled)).toBe(true);
    // A run that went on without its journal being read or adopted keeps its rows until it is deleted.
    second.update('left', { status: 'completed', endedAt: 7 });
    await second.written();
    expect(journalRows(path)).toEqual([{ execution_id: 'left' }]);
    expect(await second.delete('left')).toBe(true);
    expect(journalRows(path)).toEqual([]);
    await second.close();
  });

  it('deletes the journal of a run whose large result goes to a file only with the state that refers to that file', async () => {
    const path = join(dir, 'executions.db');
    const store = new SqliteExecutionStore(path);
    store.insert(record('big', 1, { status: 'running', nodeId: 'n1' }));
    store.appendJournal('big', firing('a', 1, 1));
    await store.written();
    store.appendJournal('big', firing('a', 2));
    const result = { ...resultOf(record('big', 1), true), outputs: { out: 'x'.repeat(300_000) } };
    store.update('big', { status: 'completed', result, endedAt: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(journalRows(path)).toEqual([{ execution_id: 'big' }]);
    await store.written();
    expect(journalRows(path)).toEqual([]);
    expect(await store.get('big')).toMatchObject({ status: 'completed', result });
    await store.close();
  });

  it('finds the deployment of the runs a database kept before executions recorded it', async () => {
    const path = join(dir, 'executions.db');
    const old = new Database(path);
    for (const migration of SQLITE_EXECUTION_MIGRATIONS.filter((m) => m.version < 3)) migration.apply(old);
    old.pragma('user_version = 2');
    const insert = old.prepare(
      "INSERT INTO executions (id, status, workflow_id, source, fingerprint, request, created_at) VALUES (?, 'completed', 'w', ?, 'f', ?, 1)",
    );
    const request = JSON.stringify({ graph_json: { processes: {} }, input: { text: 'nul \u0000 inside' }, metadata: { deployment_id: 'nightly' } });
    insert.run('ticked', 'trigger', request);
    insert.run('called', 'hook', request);
    insert.run('posted', 'http_api', request);
    old.close();
    const store = new SqliteExecutionStore(path);
    expect((await store.list({ limit: 10, deploymentId: 'nightly' })).items.map((r) => r.id).sort()).toEqual(['called', 'ticked']);
    expect((await store.get('posted'))?.deploymentId).toBeUndefined();
    await store.close();
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
