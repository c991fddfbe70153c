import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ProtocolGraphStore } from './protocol-graph-store';
import { SqliteProtocolGraphStore } from './sqlite-protocol-graph-store';
import { describeProtocolGraphStore } from '../../../test/support/protocol-graph-store-cases';

const dir = mkdtempSync(join(tmpdir(), 'protocol-graphs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = new Map<ProtocolGraphStore, string>();
let opened = 0;

function openAt(file: string): SqliteProtocolGraphStore {
  const store = new SqliteProtocolGraphStore(file);
  files.set(store, file);
  return store;
}

describeProtocolGraphStore('SqliteProtocolGraphStore', {
  open: async () => openAt(join(dir, `protocol-graphs-${(opened += 1)}.db`)),
  reopen: async (store) => {
    await store.close();
    return openAt(files.get(store)!);
  },
});

describe('SqliteProtocolGraphStore', () => {
  it('writes the puts of one turn of the event loop together, each graph once, after the turn', async () => {
    const file = join(dir, 'turns.db');
    const store = new SqliteProtocolGraphStore(file);
    store.put('g', { id: 'g', step: 1 });
    store.put('g', { id: 'g', step: 2 });
    const reader = new SqliteProtocolGraphStore(file);
    expect(reader.documents().size).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.documents()).toEqual(new Map([['g', { id: 'g', step: 2 }]]));
    reader.close();
    store.close();
  });
});
