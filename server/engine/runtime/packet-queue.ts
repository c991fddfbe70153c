/** A first-in first-out queue on a growable ring buffer: constant-time push and shift, no array shifting. */
export class PacketQueue<T> {
  private items: (T | undefined)[];
  private head = 0;
  private count = 0;
  private mask: number;

  /** @param initialCapacity - slots allocated up front, rounded up to a power of two. @default 16 */
  constructor(initialCapacity = 16) {
    let size = 1;
    while (size < initialCapacity) size *= 2;
    this.items = new Array<T | undefined>(size);
    this.mask = size - 1;
  }

  /** How many items are queued. */
  get length(): number {
    return this.count;
  }

  /** Adds an item at the back. */
  push(item: T): void {
    if (this.count === this.items.length) this.grow();
    this.items[(this.head + this.count) & this.mask] = item;
    this.count++;
  }

  /** Removes and returns the item at the front, or undefined when the queue is empty. */
  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) & this.mask;
    this.count--;
    return item;
  }

  /** The item at the front without removing it. */
  peek(): T | undefined {
    return this.count === 0 ? undefined : this.items[this.head];
  }

  /** Drops every item. */
  clear(): void {
    this.items.fill(undefined);
    this.head = 0;
    this.count = 0;
  }

  private grow(): void {
    const next = new Array<T | undefined>(this.items.length * 2);
    for (let i = 0; i < this.count; i++) next[i] = this.items[(this.head + i) & this.mask];
    this.items = next;
    this.head = 0;
    this.mask = next.length - 1;
  }
}
