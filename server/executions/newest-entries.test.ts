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
