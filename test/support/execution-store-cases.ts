import { type JournalEntry, JsonText, withJsonTexts } from '../../server/engine';
import { type ExecutionRecord, InvalidCursorError } from '../../server/executions';
import { type ExecutionStore, type TerminalEventOf } from '../../server/storage';
import { type JsonValue, type RunResult } from '../../model';
import { executionRecord } from './execution-record';

/** A completed execution record created at `createdAt`: the listing cases order by that. */
export const completedRecord = (id: string, createdAt: number, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord =>
  executionRecord(id, { status: 'completed', createdAt, ...overrides });

const record = completedRecord;

/** The result of a run of `r` that took 7 ms, with no outputs. */
export const resultOf = (r: ExecutionRecord, success: boolean): RunResult => ({
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

/** Makes the `Cancelled` event a conclude logs, at timestamp 7. */
export const cancelled: TerminalEventOf = (r, lastSeq) => ({ _type: 'Cancelled', seq: lastSeq + 1, timestamp: 7, result: resultOf(r, false) });

/** A `NetworkIdle` event at `seq`: the smallest event a log takes. */
export const idle = (seq: number, timestamp = seq) => ({ _type: 'NetworkIdle', seq, timestamp }) as const;

/** A journal entry of a firing of `nodeId`, with an outcome that sent `packet` on `out` when one is given. */
export const firing = (nodeId: string, number: number, packet?: JsonValue): JournalEntry =>
  packet === undefined ? { nodeId, firing: number } : { nodeId, firing: number, outcome: { sends: [{ port: 'out', packet }] } };

/**
 * Declares the cases every {@link ExecutionStore} passes, whatever keeps its executions: each adapter's test file
 * calls it once with a factory that opens an empty store for each case.
 * @example describeExecutionStore('MemoryExecutionStore', async () => new MemoryExecutionStore())
 */
export function describeExecutionStore(name: string, open: () => Promise<ExecutionStore>): void {
  describe(`${name} (the rules every execution store keeps)`, () => {
    let store: ExecutionStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    it('pages newest first with a cursor, the id breaking ties, without overlap', async () => {
      for (const [id, at] of [
        ['a', 1],
        ['b', 2],
        ['c', 2],
        ['d', 3],
      ] as const)
        store.insert(record(id, at));
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

    it('keeps the deployment that started an execution, and lists only its runs when asked', async () => {
      store.insert(record('a', 1, { deploymentId: 'nightly' }));
      store.insert(record('b', 2, { deploymentId: 'other' }));
      store.insert(record('c', 3));
      store.insert(record('d', 4, { deploymentId: 'nightly' }));
      const page = await store.list({ limit: 1, deploymentId: 'nightly' });
      expect(page.items.map((r) => [r.id, r.deploymentId])).toEqual([['d', 'nightly']]);
      expect((await store.list({ limit: 10, deploymentId: 'nightly', cursor: page.nextCursor! })).items.map((r) => r.id)).toEqual(['a']);
      expect((await store.get('c'))?.deploymentId).toBeUndefined();
      expect((await store.list({ limit: 10, deploymentId: 'none' })).items).toEqual([]);
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

    it('keeps a request that collects outputs and a result with collected arrays, an array held as JSON text among them', async () => {
      const request = { graph_json: { processes: {} }, input: {}, metadata: {}, collect: { item: 'all' as const } };
      store.insert(record('c', 1, { status: 'running', nodeId: 'n1', startedAt: 2, request }));
      await store.written();
      const outputs = withJsonTexts({ item: new JsonText('[1,{"a":[2]},null]', 18), done: [{ count: 3 }] });
      const result = { ...resultOf(record('c', 1), true), outputs };
      store.update('c', { status: 'completed', result, endedAt: 9 });
      store.appendEvent('c', { _type: 'Completed', seq: 1, timestamp: 9, result });
      await store.written();
      const expected = { item: [1, { a: [2] }, null], done: [{ count: 3 }] };
      const stored = await store.get('c');
      expect(stored!.request.collect).toEqual({ item: 'all' });
      expect(JSON.parse(JSON.stringify(stored!.result!.outputs))).toEqual(expected);
      expect(JSON.parse(JSON.stringify((await store.list({ limit: 10 })).items[0].result!.outputs))).toEqual(expected);
      const [event] = await store.readEvents('c', 1, 10);
      expect(JSON.parse(JSON.stringify(event))).toMatchObject({ _type: 'Completed', result: { outputs: expected } });
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
      const failed: TerminalEventOf = (r, lastSeq) => ({
        _type: 'Failed',
        seq: lastSeq + 1,
        timestamp: 8,
        error: 'node n1 stopped',
        result: resultOf(r, false),
      });
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

    it("counts a tenant's queued and running executions only, its ended ones and other tenants' left out", async () => {
      store.insert(record('q', 1, { status: 'queued', tenant: 'acme' }));
      store.insert(record('r', 2, { status: 'running', nodeId: 'n1', tenant: 'acme' }));
      store.insert(record('c', 3, { status: 'completed', tenant: 'acme' }));
      store.insert(record('g', 4, { status: 'running', nodeId: 'n1', tenant: 'globex' }));
      store.insert(record('n', 5, { status: 'queued' }));
      expect(await store.countUnfinished('acme')).toBe(2);
      expect(await store.countUnfinished('globex')).toBe(1);
      expect(await store.countUnfinished('initech')).toBe(0);
      store.update('r', { status: 'failed', endedAt: 9 });
      expect(await store.countUnfinished('acme')).toBe(1);
      await store.written();
      expect(await store.countUnfinished('acme')).toBe(1);
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

    it('reads the journal back in the order each firing was first written, an outcome taking the place of its start', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1' }));
      store.appendJournal('r', firing('a', 1));
      store.appendJournal('r', firing('b', 1, { n: 1 }));
      store.appendJournal('r', firing('a', 1, 'sent'));
      store.appendJournal('r', firing('b', 1));
      store.appendJournal('r', firing('a', 2));
      await store.written();
      store.appendJournal('r', firing('a', 2, null));
      store.appendJournal('r', firing('a', 2, 'again'));
      store.appendJournal('r', {
        nodeId: 'sub/c',
        firing: 1,
        outcome: { sends: [{ output: 'result', packet: [1] }], error: { message: 'boom', details: { code: 7 } } },
      });
      await store.written();
      store.appendJournal('r', firing('a', 2, 'once more'));
      store.appendJournal('r', firing('b', 1));
      expect(await store.readJournal('r')).toEqual([
        firing('a', 1, 'sent'),
        firing('b', 1, { n: 1 }),
        firing('a', 2, null),
        { nodeId: 'sub/c', firing: 1, outcome: { sends: [{ output: 'result', packet: [1] }], error: { message: 'boom', details: { code: 7 } } } },
      ]);
      expect(await store.readJournal('missing')).toEqual([]);
    });

    it('serves the journal entries of this turn before they are committed', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1' }));
      store.appendEvent('r', idle(1));
      store.appendJournal('r', firing('a', 1));
      expect(await store.readJournal('r')).toEqual([firing('a', 1)]);
    });

    it('writes a packet held as JSON text as the value it holds', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1' }));
      store.appendJournal('r', {
        nodeId: 'a',
        firing: 1,
        outcome: { sends: [{ port: 'out', packet: new JsonText('{"big":[1,2]}', 13) as unknown as JsonValue }] },
      });
      expect(JSON.parse(JSON.stringify(await store.readJournal('r')))).toEqual([firing('a', 1, { big: [1, 2] })]);
    });

    it('deletes the journal with the update that finishes the execution, in the same turn or a later one, and ignores entries after it', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1' }));
      store.insert(record('s', 2, { status: 'running', nodeId: 'n1' }));
      store.appendJournal('r', firing('a', 1, 1));
      store.appendJournal('s', firing('a', 1, 1));
      await store.written();
      store.appendJournal('r', firing('a', 2));
      store.update('r', { status: 'completed', endedAt: 3 });
      store.appendJournal('r', firing('a', 3));
      expect(await store.readJournal('r')).toEqual([]);
      store.update('s', { status: 'failed', endedAt: 4 });
      await store.written();
      store.appendJournal('s', firing('a', 2, 2));
      await store.written();
      expect(await store.readJournal('s')).toEqual([]);
      expect(await store.readJournal('r')).toEqual([]);
    });

    it('deletes the journal when it concludes an execution, and leaves none to an id used again', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1' }));
      store.appendJournal('r', firing('a', 1, 1));
      await store.written();
      expect(await store.conclude('r', { status: 'running', nodeId: 'n1' }, cancelled)).toBe(true);
      expect(await store.readJournal('r')).toEqual([]);
      store.appendJournal('r', firing('a', 2));
      await store.written();
      expect(await store.delete('r')).toBe(true);
      store.insert(record('r', 2, { status: 'running', nodeId: 'n1' }));
      expect(await store.readJournal('r')).toEqual([]);
    });

    it('adopts an execution only while it runs on the node named, and lets a node take back its own', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1', startedAt: 2 }));
      store.insert(record('q', 2, { status: 'queued' }));
      store.insert(record('c', 3, { status: 'completed', nodeId: 'n1' }));
      store.appendJournal('r', firing('a', 1, 1));
      expect(await store.adopt('r', 'n2', 'n3')).toBeUndefined();
      expect(await store.adopt('q', 'n1', 'n3')).toBeUndefined();
      expect(await store.adopt('c', 'n1', 'n3')).toBeUndefined();
      expect(await store.adopt('missing', 'n1', 'n3')).toBeUndefined();
      expect(await store.adopt('r', 'n1', 'n2')).toEqual(record('r', 1, { status: 'running', nodeId: 'n2', startedAt: 2 }));
      expect(await store.adopt('r', 'n1', 'n3')).toBeUndefined();
      expect(await store.adopt('r', 'n2', 'n2')).toMatchObject({ status: 'running', nodeId: 'n2' });
      expect(await store.get('r')).toMatchObject({ status: 'running', nodeId: 'n2', startedAt: 2 });
      expect(await store.readJournal('r')).toEqual([firing('a', 1, 1)]);
      store.update('r', { status: 'completed', endedAt: 4 });
      expect(await store.readJournal('r')).toEqual([]);
    });

    it('lets one of two adopts of the same execution at once win', async () => {
      store.insert(record('r', 1, { status: 'running', nodeId: 'n1' }));
      await store.written();
      const [two, three] = await Promise.all([store.adopt('r', 'n1', 'n2'), store.adopt('r', 'n1', 'n3')]);
      expect([two, three].filter((adopted) => adopted !== undefined)).toHaveLength(1);
      expect((await store.get('r'))?.nodeId).toBe((two ?? three)?.nodeId);
    });

    it('prunes finished executions by age and by count, with their events, never unfinished ones', async () => {
      for (const [id, endedAt] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const) {
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
      for (const [id, endedAt] of [
        ['a', 3],
        ['b', 1],
        ['c', 2],
      ] as const) {
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
}
