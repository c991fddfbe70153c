import { FingerprintCache } from './fingerprint-cache';

const is = (expected: string) => (key: string) => key === expected;

describe('FingerprintCache', () => {
  it('finds a value by fingerprint and the comparison, telling apart keys that share a fingerprint', () => {
    const cache = new FingerprintCache<string, number>(10);
    cache.add(7, 'a', 1);
    cache.add(7, 'b', 2);
    cache.add(8, 'a', 3);
    expect(cache.find(7, is('a'))).toBe(1);
    expect(cache.find(7, is('b'))).toBe(2);
    expect(cache.find(8, is('a'))).toBe(3);
    expect(cache.find(8, is('b'))).toBeUndefined();
    expect(cache.find(9, is('a'))).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('forgets the least recently used key beyond its capacity, a lookup counting as a use', () => {
    const cache = new FingerprintCache<string, number>(2);
    cache.add(1, 'a', 1);
    cache.add(2, 'b', 2);
    expect(cache.find(1, is('a'))).toBe(1);
    cache.add(3, 'c', 3);
    expect(cache.size).toBe(2);
    expect(cache.find(1, is('a'))).toBe(1);
    expect(cache.find(2, is('b'))).toBeUndefined();
    expect(cache.find(3, is('c'))).toBe(3);
  });

  it('holds a few keys per fingerprint, replacing the least recently used of them', () => {
    const cache = new FingerprintCache<string, number>(100, 3);
    cache.add(5, 'a', 1);
    cache.add(5, 'b', 2);
    cache.add(5, 'c', 3);
    expect(cache.find(5, is('a'))).toBe(1);
    expect(cache.find(5, is('c'))).toBe(3);
    cache.add(5, 'd', 4);
    expect(cache.size).toBe(3);
    expect(cache.find(5, is('b'))).toBeUndefined();
    expect([cache.find(5, is('a')), cache.find(5, is('c')), cache.find(5, is('d'))]).toEqual([1, 3, 4]);
    let compared = 0;
    cache.find(5, () => (compared++, false));
    expect(compared).toBe(3);
  });

  it('remembers nothing with a capacity of 0', () => {
    const cache = new FingerprintCache<string, number>(0);
    cache.add(1, 'a', 1);
    expect(cache.find(1, is('a'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds only the newest keys never found again, so a stream of one-off keys keeps the keys in use', () => {
    const cache = new FingerprintCache<string, number>(100, 4, 3);
    cache.add(1, 'used', 1);
    expect(cache.find(1, is('used'))).toBe(1);
    for (let i = 0; i < 50; i++) cache.add(100 + i, `once${i}`, i);
    expect(cache.size).toBe(4);
    expect(cache.find(1, is('used'))).toBe(1);
    expect(cache.find(147, is('once47'))).toBe(47);
    expect(cache.find(146, is('once46'))).toBeUndefined();
  });

  it('finds the key used last without its fingerprint', () => {
    const cache = new FingerprintCache<string, number>(1);
    cache.add(1, 'a', 1);
    expect(cache.findLatest(is('a'))).toBe(1);
    expect(cache.findLatest(is('b'))).toBeUndefined();
    cache.add(2, 'b', 2);
    expect(cache.findLatest(is('b'))).toBe(2);
    expect(cache.findLatest(is('a'))).toBeUndefined();
    expect(cache.find(1, is('a'))).toBeUndefined();
  });
});
