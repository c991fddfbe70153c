import { PacketQueue } from './packet-queue';
import { TurnBudget } from './turn-budget';

/** Something the scheduler can run: a node that may fire. */
export interface Runnable {
  /** Set while the runnable waits in the run queue, so it is queued at most once. */
  scheduled: boolean;
  /** Does one step of work; never throws. */
  step(): void;
}

/** How many sends pass between two looks at the clock in `pace`. */
const SENDS_PER_CLOCK_CHECK = 64;

/** Default slice length, in ms. */
const SLICE_MS = 4;

/** The time the runs of this process may take from one turn to start at once (see `startNow`). */
const startBudget = new TurnBudget(SLICE_MS);

/**
 * The run queue of one run (its subgraphs included). It drains in slices of about `sliceMs` and then
 * yields to the event loop with `setImmediate`, so a busy run never stalls the HTTP and WebSocket servers
 * sharing the process. Producers that send in a loop are paced the same way (see `pace`).
 */
export class Scheduler {
  private readonly queue = new PacketQueue<Runnable>(8);
  private draining = false;
  private immediate: NodeJS.Immediate | undefined;
  private turnStart = 0;
  private sendsSinceCheck = 0;
  private yielders: (() => void)[] = [];
  private starting = false;

  /** @param sliceMs - how long one slice may run before yielding. @default 4 */
  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Queues a runnable; the queue drains on a later turn of the event loop. */
  schedule(runnable: Runnable): void {
    runnable.scheduled = true;
    this.queue.push(runnable);
    if (!this.draining && !this.starting && this.immediate === undefined) this.immediate = setImmediate(this.drain);
  }

  /**
   * Runs `start` (which schedules a run's first work), then drains at once, within the current turn, when
   * the process has time left in it; otherwise the queue drains on a later turn as usual. Inside a drain (a
   * subgraph starting) the work simply joins the queue being drained.
   */
  startNow(start: () => void): void {
    if (this.draining) {
      start();
      return;
    }
    this.starting = true;
    try {
      start();
    } finally {
      this.starting = false;
    }
    if (this.queue.length === 0 || this.immediate !== undefined) return;
    const deadline = startBudget.deadline();
    if (deadline === 0) this.immediate = setImmediate(this.drain);
    // Paced from the turn's start, so an actor sending in a loop yields when the turn's time is up.
    else this.drainUntil(deadline - this.sliceMs, deadline);
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
    const now = performance.now();
    this.drainUntil(now, now + this.sliceMs);
  };

  private drainUntil(turnStart: number, sliceEnd: number): void {
    this.draining = true;
    this.turnStart = turnStart;
    this.sendsSinceCheck = 0;
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
  }
}
