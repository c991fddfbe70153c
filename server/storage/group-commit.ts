/** The writes a store gathered for one commit, in whatever shape its dialect writes them. */
export interface CommitBatch {
  readonly empty: boolean;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The group commit of a store: the writes made during one turn of the event loop go into one batch, committed
 * once the turn ends (or, while a commit is under way, right after it), one batch at a time and in order, so that
 * a busy run never waits on the database for each event. The dialect only says how a batch is written: SQLite
 * commits synchronously, PostgreSQL over the network. A failed commit is told to the waiters of its batch, and
 * the next batch goes on; a synchronous commit's failure is thrown as well, as a write in the caller's turn would.
 */
export class GroupCommit<B extends CommitBatch> {
  private queued: B;
  private queuedWaiters: Waiter[] = [];
  private inFlight: { batch: B; waiters: Waiter[] } | undefined;
  private scheduled = false;

  constructor(
    private readonly newBatch: () => B,
    private readonly commit: (batch: B) => void | Promise<void>,
  ) {
    this.queued = newBatch();
  }

  /** The batch that takes a write made now; it will be committed. */
  next(): B {
    if (!this.scheduled && this.inFlight === undefined) this.schedule();
    return this.queued;
  }

  /** The batch writes go into, without asking for a commit: what reads look into, and what waits for a later commit. */
  get pending(): B {
    return this.queued;
  }

  /** True when nothing is queued nor being committed. */
  get idle(): boolean {
    return this.queued.empty && this.inFlight === undefined;
  }

  /** Resolves once every write queued so far is committed; rejects when the commit of one of them failed. */
  written(): Promise<void> {
    const waiters = !this.queued.empty ? this.queuedWaiters : this.inFlight?.waiters;
    if (waiters === undefined) return Promise.resolve();
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  }

  /** Waits for the writes queued so far to be committed or to have failed. */
  async settled(): Promise<void> {
    if (!this.idle) await this.written().catch(() => undefined);
  }

  /**
   * Commits what is queued now, in the caller's turn, for a dialect whose commit is synchronous (a read that
   * must see the rows, a batch grown large, a close).
   * @throws what the commit threw
   */
  commitNow(): void {
    this.scheduled = false;
    void this.flush();
  }

  private schedule(): void {
    this.scheduled = true;
    setImmediate(() => {
      if (!this.scheduled) return;
      this.scheduled = false;
      void this.flush();
    });
  }

  private flush(): Promise<void> | undefined {
    if (this.inFlight !== undefined) return undefined;
    const waiters = this.queuedWaiters;
    this.queuedWaiters = [];
    if (this.queued.empty) {
      for (const waiter of waiters) waiter.resolve();
      return undefined;
    }
    const batch = this.queued;
    this.queued = this.newBatch();
    this.inFlight = { batch, waiters };
    let outcome: void | Promise<void>;
    try {
      outcome = this.commit(batch);
    } catch (error) {
      this.inFlight = undefined;
      for (const waiter of waiters) waiter.reject(error as Error);
      throw error;
    }
    if (outcome === undefined) {
      this.inFlight = undefined;
      for (const waiter of waiters) waiter.resolve();
      return undefined;
    }
    return outcome.then(
      () => this.settle(waiters),
      (error: unknown) => this.settle(waiters, error as Error),
    );
  }

  private settle(waiters: readonly Waiter[], error?: Error): void {
    this.inFlight = undefined;
    for (const waiter of waiters) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
    if (!this.queued.empty && !this.scheduled) this.schedule();
  }
}
