import { MemoryProtocolGraphStore } from './memory-protocol-graph-store';

describe('MemoryProtocolGraphStore', () => {
  it('keeps a graph by id, a put replacing what the id held, and counts the graphs it keeps', () => {
    const store = new MemoryProtocolGraphStore<{ name: string }>();
    expect(store.get('g')).toBeUndefined();
    store.put('g', { name: 'first' });
    store.put('g', { name: 'second' });
    store.put('h', { name: 'other' });
    expect(store.get('g')).toEqual({ name: 'second' });
    expect(store.has('h')).toBe(true);
    expect(store.size).toBe(2);
  });
});
