/** A task the queue starts when a slot is free; it resolves when the task has finished. */
export type QueuedTask = () => Promise<void>;

/** Starts at most `concurrency` tasks at a time, the others in arrival order as slots free up. */
export class RunQueue {
  private readonly waiting = new Map<string, QueuedTask>();
  private active = 0;

  constructor(private readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Concurrency must be a positive integer, got ${concurrency}`);
  }

  /** Queues a task under a key (the execution id); it starts at once when a slot is free. */
  push(key: string, task: QueuedTask): void {
    this.waiting.set(key, task);
    this.drain();
  }

  /** Removes a task that has not started yet; returns whether it was still waiting. */
  remove(key: string): boolean {
    return this.waiting.delete(key);
  }

  /** Tasks waiting for a slot. */
  get pending(): number {
    return this.waiting.size;
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  private drain(): void {
    while (this.active < this.concurrency && this.waiting.size > 0) {
      const [key, task] = this.waiting.entries().next().value as [string, QueuedTask];
      this.waiting.delete(key);
      this.active += 1;
      void task().finally(() => {
        this.active -= 1;
        this.drain();
      });
    }
  }
}
