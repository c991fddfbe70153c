import { PacketQueue } from './packet-queue';

/** Something the scheduler can run: a node that may fire. */
export interface Runnable {
  /** Set while the runnable waits in the run queue, so it is queued at most once. */
  scheduled: boolean;
  /** Does one step of work; never throws. */
  step(): void;
}

/**
 * The run queue of one run (its subgraphs included). It drains in slices of about `sliceMs` and then
 * yields to the event loop with `setImmediate`, so a busy run never stalls the HTTP and WebSocket servers
 * sharing the process.
 */
export class Scheduler {
  private readonly queue = new PacketQueue<Runnable>(64);
  private draining = false;
  private immediate: NodeJS.Immediate | undefined;

  /** @param sliceMs - how long one slice may run before yielding. @default 4 */
  constructor(private readonly sliceMs = 4) {}

  /** Queues a runnable; the queue drains on a later turn of the event loop. */
  schedule(runnable: Runnable): void {
    runnable.scheduled = true;
    this.queue.push(runnable);
    if (!this.draining && this.immediate === undefined) this.immediate = setImmediate(this.drain);
  }

  /** Whether nothing is queued. */
  get idle(): boolean {
    return this.queue.length === 0;
  }

  private readonly drain = (): void => {
    this.immediate = undefined;
    this.draining = true;
    const sliceEnd = performance.now() + this.sliceMs;
    let steps = 0;
    try {
      while (this.queue.length > 0) {
        const runnable = this.queue.shift() as Runnable;
        runnable.scheduled = false;
        runnable.step();
        // Reading the clock costs more than a pass-through firing, so check it every 16 steps.
        if ((++steps & 15) === 0 && performance.now() >= sliceEnd) break;
      }
    } finally {
      this.draining = false;
    }
    if (this.queue.length > 0 && this.immediate === undefined) this.immediate = setImmediate(this.drain);
  };
}
