/**
 * Lets at most `limit` holders in at once; the others wait in arrival order. It bounds how many isolates
 * run code at the same time.
 */
export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`A concurrency limit must be at least 1, got ${limit}`);
  }

  /** Waits for a free place; resolves false (holding nothing) when `signal` aborts first. */
  enter(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const admit = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.active += 1;
        resolve(true);
      };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(admit);
        if (index !== -1) this.waiting.splice(index, 1);
        resolve(false);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(admit);
    });
  }

  /** Gives a place back, admitting the next waiter. */
  leave(): void {
    this.active -= 1;
    this.waiting.shift()?.();
  }

  /** How many holders are inside. */
  get activeCount(): number {
    return this.active;
  }

  /** How many callers wait for a place. */
  get waitingCount(): number {
    return this.waiting.length;
  }
}
