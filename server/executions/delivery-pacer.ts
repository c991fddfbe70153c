/** Something a {@link DeliveryPacer} runs: one step of delivery. */
export interface Pumpable {
  pump(): void;
}

/**
 * Runs the delivery steps of every event follower of the process from one queue, on later turns of the event
 * loop, in slices of about `sliceMs`: when a thousand subscribers join a long run at once, their replays take
 * turns instead of filling one turn with a thousand batches, so HTTP requests and new connections go on being
 * served in between.
 */
export class DeliveryPacer {
  private queue: Pumpable[] = [];
  private immediate: NodeJS.Immediate | undefined;

  /** @param sliceMs - how long one turn may pump before yielding. @default 8 */
  constructor(private readonly sliceMs = 8) {}

  /** Runs `target.pump()` on a later turn. */
  schedule(target: Pumpable): void {
    this.queue.push(target);
    this.immediate ??= setImmediate(this.drain);
  }

  private readonly drain = (): void => {
    this.immediate = undefined;
    const end = performance.now() + this.sliceMs;
    const queue = this.queue;
    this.queue = [];
    let next = 0;
    while (next < queue.length) {
      queue[next++].pump();
      if (performance.now() >= end) break;
    }
    // What did not run keeps its place ahead of what was scheduled meanwhile.
    if (next < queue.length) this.queue = [...queue.slice(next), ...this.queue];
    if (this.queue.length > 0) this.immediate ??= setImmediate(this.drain);
  };
}

/** The pacer every event follower of the process shares. */
export const deliveryPacer = new DeliveryPacer();
