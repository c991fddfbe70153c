interface Entry<K, V> {
  readonly fingerprint: number;
  readonly key: K;
  readonly value: V;
  used: number;
  /** The list the entry is in: the new keys or the kept ones. */
  list: EntryList<K, V>;
  previous: Entry<K, V> | undefined;
  next: Entry<K, V> | undefined;
}

/**
 * Entries in order of their last use, oldest first, linked through the entries themselves. A JavaScript Map keyed
 * by the entries would do the same, but measured, it made a network built from a graph seen once cost about 2.5
 * times as much: V8's young-generation collections took several times longer.
 */
class EntryList<K, V> {
  first: Entry<K, V> | undefined;
  private last: Entry<K, V> | undefined;
  size = 0;

  push(entry: Entry<K, V>): void {
    entry.list = this;
    entry.previous = this.last;
    entry.next = undefined;
    if (this.last === undefined) this.first = entry;
    else this.last.next = entry;
    this.last = entry;
    this.size++;
  }

  remove(entry: Entry<K, V>): void {
    if (entry.previous === undefined) this.first = entry.next;
    else entry.previous.next = entry.next;
    if (entry.next === undefined) this.last = entry.previous;
    else entry.next.previous = entry.previous;
    entry.previous = entry.next = undefined;
    this.size--;
  }
}

/**
 * Values remembered by a 32-bit fingerprint of their key's content, the least recently used forgotten first
 * beyond `capacity`. A fingerprint holds a few keys at most (`perFingerprint`), each confirmed by the caller's
 * comparison, so keys made to share a fingerprint cannot make one lookup compare many of them.
 *
 * Keys never found since they were added are also held to the `newCapacity` newest, the oldest forgotten
 * first: a stream of keys seen once each (graphs started one time) then keeps only a few of them, which die
 * young in the garbage collector's nursery instead of being copied, promoted and collected again as old
 * objects, and cannot push out the keys that are found again.
 */
export class FingerprintCache<K, V> {
  private readonly buckets = new Map<number, Entry<K, V>[]>();
  /** Keys never found since they were added, oldest first. */
  private readonly added = new EntryList<K, V>();
  /** Keys found at least once, least recently used first. */
  private readonly kept = new EntryList<K, V>();
  /** The entry found or added last. */
  private latest: Entry<K, V> | undefined;
  /** Counts uses, so that entries know which was used last. */
  private clock = 0;
  private readonly newCapacity: number;

  constructor(
    private readonly capacity: number,
    private readonly perFingerprint = 4,
    /** How many keys never found again are held. @default 32, at most `capacity` */
    newCapacity = 32,
  ) {
    this.newCapacity = Math.max(1, Math.min(newCapacity, capacity));
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.added.size + this.kept.size;
  }

  /** The value of the key under `fingerprint` that `matches` accepts, if any; a hit counts as a use. */
  find(fingerprint: number, matches: (key: K) => boolean): V | undefined {
    const bucket = this.buckets.get(fingerprint);
    if (bucket === undefined) return undefined;
    for (const entry of bucket) {
      if (!matches(entry.key)) continue;
      this.use(entry);
      return entry.value;
    }
    return undefined;
  }

  /**
   * The value of the key found or added last, when `matches` accepts it; a hit counts as a use. Asked before
   * `find`, it spares the caller the fingerprint of a key used again and again.
   */
  findLatest(matches: (key: K) => boolean): V | undefined {
    const entry = this.latest;
    if (entry === undefined || !matches(entry.key)) return undefined;
    this.use(entry);
    return entry.value;
  }

  /** Remembers a key the cache does not hold (`find` missed it). */
  add(fingerprint: number, key: K, value: V): void {
    if (this.capacity === 0) return;
    const entry: Entry<K, V> = { fingerprint, key, value, used: ++this.clock, list: this.added, previous: undefined, next: undefined };
    const bucket = this.buckets.get(fingerprint);
    if (bucket === undefined) this.buckets.set(fingerprint, [entry]);
    else {
      if (bucket.length >= this.perFingerprint) this.forget(bucket[leastRecentlyUsed(bucket)]);
      // Forgetting may have dropped the bucket from the map, so it is set again.
      bucket.push(entry);
      this.buckets.set(fingerprint, bucket);
    }
    this.added.push(entry);
    this.latest = entry;
    if (this.added.size > this.newCapacity) this.forget(this.added.first!);
    if (this.size > this.capacity) this.forget(this.oldest());
  }

  private use(entry: Entry<K, V>): void {
    entry.used = ++this.clock;
    entry.list.remove(entry);
    this.kept.push(entry);
    this.latest = entry;
  }

  private oldest(): Entry<K, V> {
    const added = this.added.first;
    const kept = this.kept.first;
    if (added === undefined) return kept!;
    return kept !== undefined && kept.used < added.used ? kept : added;
  }

  private forget(entry: Entry<K, V>): void {
    entry.list.remove(entry);
    if (this.latest === entry) this.latest = undefined;
    const bucket = this.buckets.get(entry.fingerprint);
    if (bucket === undefined) return;
    bucket.splice(bucket.indexOf(entry), 1);
    if (bucket.length === 0) this.buckets.delete(entry.fingerprint);
  }
}

function leastRecentlyUsed(bucket: readonly { used: number }[]): number {
  let index = 0;
  for (let i = 1; i < bucket.length; i++) if (bucket[i].used < bucket[index].used) index = i;
  return index;
}
