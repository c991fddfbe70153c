import { MemoryStateBackend } from './state-backends';

describe('MemoryStateBackend', () => {
  const text = (chars: number) => 'x'.repeat(chars - 2);

  it('holds at most maxBytes of values as JSON, forgetting the least recently used keys past it', async () => {
    const memory = new MemoryStateBackend(1000);
    for (const key of ['k1', 'k2', 'k3', 'k4']) await memory.set('n', key, text(198), undefined);
    expect(memory.bytes).toBe(800);
    // Reading k1 makes k2 the least recently used.
    expect(await memory.get('n', 'k1')).toBe(text(198));
    await memory.set('n', 'k5', text(298), undefined);
    expect(memory.bytes).toBeLessThanOrEqual(1000);
    expect(memory.bytes).toBe(900);
    const kept = [];
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) if ((await memory.get('n', key)) !== undefined) kept.push(key);
    expect(kept).toEqual(['k1', 'k3', 'k4', 'k5']);
  });

  it('counts a replaced value once, and frees the bytes of a deleted one', async () => {
    const memory = new MemoryStateBackend(1000);
    await memory.set('n', 'k1', text(98), undefined);
    await memory.set('n', 'k1', { list: [1, 2, 3] }, undefined);
    expect(memory.bytes).toBe(JSON.stringify({ list: [1, 2, 3] }).length + 2);
    expect(await memory.delete('n', 'k1')).toBe(true);
    expect(memory.bytes).toBe(0);
  });

  it('refuses a value larger than the whole budget, naming the limit, and keeps what the key had', async () => {
    const memory = new MemoryStateBackend(2 * 1024 * 1024);
    await memory.set('n', 'big', 'small', undefined);
    await expect(memory.set('n', 'big', text(3 * 1024 * 1024), undefined)).rejects.toThrow(/max_state_store_mb = 2/);
    expect(await memory.get('n', 'big')).toBe('small');
    expect(memory.bytes).toBe(JSON.stringify('small').length + 3);
  });
});
