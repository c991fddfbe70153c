import { WriteBatch } from './postgres-write-batch';

/**
 * Collects a store's writes into batches and commits them one at a time, in order: the writes of a turn of the
 * event loop go in one batch, committed once the turn ends or, when a commit is under way, right after it. A
 * failed commit is told to the batch's waiters only, and the next batch goes on.
 */
export class WriteQueue {
  private queued = new WriteBatch();
  private inFlight: WriteBatch | undefined;
  private flushScheduled = false;

  constructor(private readonly commit: (batch: WriteBatch) => Promise<void>) {}

  /** The batch that takes a write made now; it will be committed. */
  next(): WriteBatch {
    this.schedule();
    return this.queued;
  }

  /** True when nothing is queued nor being committed. */
  get idle(): boolean {
    return this.queued.empty && this.inFlight === undefined;
  }

  /** Resolves once every write queued so far is committed; rejects when the commit of one of them failed. */
  written(): Promise<void> {
    const batch = this.queued.empty ? this.inFlight : this.queued;
    if (!batch) return Promise.resolve();
    return new Promise((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  /** Waits for the writes queued so far to be committed or to have failed. */
  async settled(): Promise<void> {
    if (!this.idle) await this.written().catch(() => undefined);
  }

  private schedule(): void {
    if (this.flushScheduled || this.inFlight) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.queued.empty) return;
    const batch = this.queued;
    this.queued = new WriteBatch();
    this.inFlight = batch;
    try {
      await this.commit(batch);
      for (const waiter of batch.waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error as Error);
    } finally {
      this.inFlight = undefined;
      if (!this.queued.empty) this.schedule();
    }
  }
}
