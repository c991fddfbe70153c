/**
 * The execution slots of a cluster node, shared by the runs it starts itself and the jobs its queue worker takes:
 * together they never hold more than `size`. A run started here takes a slot only when one is free at once and no
 * job waits for one; a job waits, in arrival order, and is given the next slot that frees.
 */
export class RunSlots {
  private taken = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Concurrency must be a positive integer, got ${size}`);
  }

  /** Runs holding a slot now. */
  get running(): number {
    return this.taken;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Takes a slot when one is free and no job waits for one; returns whether it did. */
  tryTake(): boolean {
    if (this.taken >= this.size || this.waiters.length > 0) return false;
    this.taken += 1;
    return true;
  }

  /** Resolves once a slot is taken, after the jobs that waited before. */
  take(): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Gives a slot back: to the job that waited longest, if any. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.taken -= 1;
  }
}
