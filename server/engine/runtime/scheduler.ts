import { PacketQueue } from './packet-queue';

/** Something the scheduler can run: a node that may fire. */
export interface Runnable {
  /** Set while the runnable waits in the run queue, so it is queued at most once. */
  scheduled: boolean;
  /** Does one step of work; never throws. */
  step(): void;
}

/** How many sends pass between two looks at the clock in `pace`. */
const SENDS_PER_CLOCK_CHECK = 64;

/**
 * The run queue of one run (its subgraphs included). It drains in slices of about `sliceMs` and then
 * yields to the event loop with `setImmediate`, so a busy run never stalls the HTTP and WebSocket servers
 * sharing the process. Producers that send in a loop are paced the same way (see `pace`).
 */
export class Scheduler {
  private readonly queue = new PacketQueue<Runnable>(64);
  private draining = false;
  private immediate: NodeJS.Immediate | undefined;
  private turnStart = 0;
  private sendsSinceCheck = 0;
  private yielders: (() => void)[] = [];

  /** @param sliceMs - how long one slice may run before yielding. @default 4 */
  constructor(private readonly sliceMs = 4) {}

  /** Queues a runnable; the queue drains on a later turn of the event loop. */
  schedule(runnable: Runnable): void {
    runnable.scheduled = true;
    this.queue.push(runnable);
    if (!this.draining && this.immediate === undefined) this.immediate = setImmediate(this.drain);
  }

  /**
   * Called on every send: returns a promise resolving on a later turn once the current turn has run
   * longer than a slice, so an actor awaiting `send` in a loop cannot hold the event loop for a whole
   * queue's worth of packets (its sends run as microtasks, outside the slices). Usually undefined.
   */
  pace(): Promise<void> | undefined {
    if (++this.sendsSinceCheck < SENDS_PER_CLOCK_CHECK) return undefined;
    this.sendsSinceCheck = 0;
    if (performance.now() - this.turnStart < this.sliceMs) return undefined;
    return new Promise<void>((resolve) => {
      this.yielders.push(resolve);
      if (!this.draining && this.immediate === undefined) this.immediate = setImmediate(this.drain);
    });
  }

  private readonly drain = (): void => {
    this.immediate = undefined;
    this.draining = true;
    this.turnStart = performance.now();
    this.sendsSinceCheck = 0;
    const sliceEnd = this.turnStart + this.sliceMs;
    if (this.yielders.length > 0) {
      const yielders = this.yielders;
      this.yielders = [];
      for (const resume of yielders) resume();
    }
    let steps = 0;
    try {
      while (this.queue.length > 0) {
        const runnable = this.queue.shift() as Runnable;
        runnable.scheduled = false;
        runnable.step();
        // Reading the clock costs about as much as a pass-through firing, so look every 8 steps.
        if ((++steps & 7) === 0 && performance.now() >= sliceEnd) break;
      }
    } finally {
      this.draining = false;
    }
    if (this.queue.length > 0 && this.immediate === undefined) this.immediate = setImmediate(this.drain);
  };
}
