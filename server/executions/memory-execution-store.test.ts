import { type ExecutionRecord } from './execution-record';
import { InvalidCursorError } from './execution-store';
import { MemoryExecutionStore } from './memory-execution-store';

const record = (id: string, createdAt: number, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord => ({
  id,
  status: 'completed',
  workflowId: 'w',
  source: 'http_api',
  fingerprint: 'f',
  request: { graph_json: {}, input: {}, metadata: {} },
  result: null,
  createdAt,
  startedAt: null,
  endedAt: null,
  ...overrides,
});

describe('MemoryExecutionStore', () => {
  it('pages newest first with a cursor, the id breaking ties, without overlap', () => {
    const store = new MemoryExecutionStore();
    for (const [id, at] of [['a', 1], ['b', 2], ['c', 2], ['d', 3]] as const) store.insert(record(id, at));
    const first = store.list({ limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual(['d', 'c']);
    const second = store.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((r) => r.id)).toEqual(['b', 'a']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by status and workflow id', () => {
    const store = new MemoryExecutionStore();
    store.insert(record('a', 1, { status: 'failed' }));
    store.insert(record('b', 2, { workflowId: 'other' }));
    store.insert(record('c', 3));
    expect(store.list({ limit: 10, status: 'completed', workflowId: 'w' }).items.map((r) => r.id)).toEqual(['c']);
  });

  it('refuses a cursor it did not issue', () => {
    expect(() => new MemoryExecutionStore().list({ limit: 10, cursor: 'garbage' })).toThrow(InvalidCursorError);
  });

  it('keeps events in order and refuses a gap', () => {
    const store = new MemoryExecutionStore();
    store.insert(record('a', 1));
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 1, timestamp: 1 });
    expect(() => store.appendEvent('a', { _type: 'NetworkIdle', seq: 3, timestamp: 1 })).toThrow(/does not follow/);
    store.appendEvent('a', { _type: 'NetworkIdle', seq: 2, timestamp: 2 });
    expect(store.readEvents('a', 2, 10).map((e) => e.seq)).toEqual([2]);
    expect(store.lastSeq('a')).toBe(2);
  });

  it('hands out copies, so callers cannot change what is stored', () => {
    const store = new MemoryExecutionStore();
    store.insert(record('a', 1));
    const copy = store.get('a')!;
    copy.status = 'failed';
    expect(store.get('a')!.status).toBe('completed');
  });
});
