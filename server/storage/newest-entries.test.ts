import { NewestEntries } from './newest-entries';

describe('NewestEntries', () => {
  it('keeps the newest entries up to its limit, forgetting the oldest first', () => {
    const map = new NewestEntries<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    expect(map.get('a')).toBeUndefined();
    expect(map.get('d')).toBe(3);
    expect(map.size).toBe(3);
  });

  it('makes an entry set again the newest one, with its new value', () => {
    const map = new NewestEntries<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    map.set('a', 10);
    map.set('d', 4);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(10);
    expect(map.size).toBe(3);
  });

  it('forgets exactly what a map moved to its end on every set would, through many sets and deletes', () => {
    const map = new NewestEntries<number, number>(100);
    // The plain, slow version of the same rule: delete and set again to move to the end, evict the first.
    const oracle = new Map<number, number>();
    const oracleSet = (key: number, value: number): void => {
      oracle.delete(key);
      oracle.set(key, value);
      if (oracle.size > 100) oracle.delete(oracle.keys().next().value as number);
    };
    for (let i = 0; i < 10_000; i++) {
      map.set(i, i);
      oracleSet(i, i);
      if (i % 3 === 0) expect(map.delete(i)).toBe(oracle.delete(i));
      if (i % 7 === 0) {
        map.set(i - 1, -i);
        oracleSet(i - 1, -i);
      }
    }
    expect(map.size).toBe(oracle.size);
    expect(new Set(map.keys())).toEqual(new Set(oracle.keys()));
    for (const [key, value] of oracle) expect(map.get(key)).toBe(value);
  });
});

describe('NewestEntries with a byte budget', () => {
  const sized = (maxBytes: number) => new NewestEntries<string, string>(100, { maxBytes, sizeOf: (value) => value.length });

  it('forgets the oldest entries once their sizes pass the budget, and counts what it keeps', () => {
    const map = sized(10);
    map.set('a', 'xxxx');
    map.set('b', 'xxxx');
    expect(map.bytes).toBe(8);
    map.set('c', 'xxxx');
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.bytes).toBe(8);
  });

  it('does not keep an entry larger than the whole budget, and forgets the older value of its key', () => {
    const map = sized(10);
    map.set('a', 'xx');
    map.set('b', 'xxx');
    map.set('a', 'x'.repeat(11));
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBe('xxx');
    expect(map.bytes).toBe(3);
  });

  it('stays within its budget through many sets of varied sizes, its count matching what it holds', () => {
    const map = sized(1000);
    for (let i = 0; i < 5000; i++) {
      map.set(`k${i % 300}`, 'x'.repeat((i * 37) % 400));
      if (i % 7 === 0) map.delete(`k${(i * 3) % 300}`);
      expect(map.bytes).toBeLessThanOrEqual(1000);
    }
    expect(map.bytes).toBe([...map.keys()].reduce((sum, key) => sum + (map.get(key) as string).length, 0));
  });
});
