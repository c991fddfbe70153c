import { PacketQueue } from '../engine';

/** A bound on the total size of the entries a {@link NewestEntries} keeps, as `sizeOf` measures them. */
export interface SizeBudget<V> {
  maxBytes: number;
  sizeOf: (value: V) => number;
}

/**
 * A map that keeps only its `limit` most recently set entries (and, given a budget, no more than its bytes), forgetting the oldest first, in constant time
 * per call. (Evicting with `map.delete(map.keys().next().value)` is not: a Map's iterator steps over every
 * entry deleted since the table was last rebuilt, which at 20,000 entries cost about 7 us per set.)
 * Invariant: `order` holds one item per live entry, carrying that entry's stamp, plus stale items (of entries
 * set again or deleted since) that are skipped when met and dropped when they outnumber the live ones.
 */
export class NewestEntries<K, V> {
  private readonly entries = new Map<K, { value: V; stamp: number; bytes: number }>();
  private order = new PacketQueue<{ key: K; stamp: number }>();
  private stamp = 0;
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly budget?: SizeBudget<V>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The total size of the entries kept, as the budget measures them (0 without a budget). */
  get bytes(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /**
   * Sets an entry as the newest one, forgetting the oldest beyond the limit and the budget. An entry larger
   * than the whole budget is not kept (and an older value of its key is forgotten).
   */
  set(key: K, value: V): void {
    const bytes = this.budget?.sizeOf(value) ?? 0;
    this.delete(key);
    if (this.budget !== undefined && bytes > this.budget.maxBytes) return;
    const stamp = ++this.stamp;
    this.entries.set(key, { value, stamp, bytes });
    this.total += bytes;
    this.order.push({ key, stamp });
    while (this.entries.size > this.limit || (this.budget !== undefined && this.total > this.budget.maxBytes)) this.forgetOldest();
    if (this.order.length > 2 * this.entries.size + 64) this.dropStale();
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.total -= entry.bytes;
    return this.entries.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  private forgetOldest(): void {
    for (let item = this.order.shift(); item !== undefined; item = this.order.shift()) {
      if (this.entries.get(item.key)?.stamp !== item.stamp) continue;
      this.delete(item.key);
      return;
    }
  }

  private dropStale(): void {
    const live = new PacketQueue<{ key: K; stamp: number }>(this.entries.size);
    for (let item = this.order.shift(); item !== undefined; item = this.order.shift()) {
      if (this.entries.get(item.key)?.stamp === item.stamp) live.push(item);
    }
    this.order = live;
  }
}
