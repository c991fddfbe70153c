interface Entry<K, V> {
  readonly key: K;
  readonly value: V;
  used: number;
}

/**
 * Values remembered by a 32-bit fingerprint of their key's content, the least recently used forgotten first
 * beyond `capacity`. A fingerprint holds a few keys at most (`perFingerprint`), each confirmed by the caller's
 * comparison, so keys made to share a fingerprint cannot make one lookup compare many of them.
 */
export class FingerprintCache<K, V> {
  private readonly buckets = new Map<number, Entry<K, V>[]>();
  private count = 0;
  /** Counts lookups, so that each entry knows when it was last used. */
  private clock = 0;

  constructor(
    private readonly capacity: number,
    private readonly perFingerprint = 4,
  ) {}

  /** How many keys are remembered. */
  get size(): number {
    return this.count;
  }

  /** The value of the key under `fingerprint` that `matches` accepts, if any; a hit counts as a use. */
  find(fingerprint: number, matches: (key: K) => boolean): V | undefined {
    const bucket = this.buckets.get(fingerprint);
    if (bucket === undefined) return undefined;
    for (const entry of bucket) {
      if (!matches(entry.key)) continue;
      // A hit only stamps the entry: moving it within the map would hash the fingerprint twice more.
      entry.used = ++this.clock;
      return entry.value;
    }
    return undefined;
  }

  /** Remembers a key the cache does not hold (`find` missed it). */
  add(fingerprint: number, key: K, value: V): void {
    if (this.capacity === 0) return;
    const entry: Entry<K, V> = { key, value, used: ++this.clock };
    const bucket = this.buckets.get(fingerprint);
    if (bucket === undefined) this.buckets.set(fingerprint, [entry]);
    else if (bucket.length < this.perFingerprint) bucket.push(entry);
    else {
      bucket[leastRecentlyUsed(bucket)] = entry;
      return;
    }
    if (++this.count > this.capacity) this.forgetLeastRecentlyUsed();
  }

  private forgetLeastRecentlyUsed(): void {
    let oldest: { fingerprint: number; bucket: Entry<K, V>[]; index: number } | undefined;
    let oldestUse = Infinity;
    for (const [fingerprint, bucket] of this.buckets) {
      const index = leastRecentlyUsed(bucket);
      if (bucket[index].used >= oldestUse) continue;
      oldest = { fingerprint, bucket, index };
      oldestUse = bucket[index].used;
    }
    if (oldest === undefined) return;
    oldest.bucket.splice(oldest.index, 1);
    if (oldest.bucket.length === 0) this.buckets.delete(oldest.fingerprint);
    this.count--;
  }
}

function leastRecentlyUsed(bucket: readonly { used: number }[]): number {
  let index = 0;
  for (let i = 1; i < bucket.length; i++) if (bucket[i].used < bucket[index].used) index = i;
  return index;
}
