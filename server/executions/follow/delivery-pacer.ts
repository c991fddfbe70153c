import { PacketQueue } from '../../engine';

/** Something a {@link DeliveryPacer} runs: one step of delivery, settled once its events are delivered. */
export interface Pumpable {
  pump(): Promise<void>;
}

/** Steps in flight at once: reads from a shared database overlap; each of them may deliver in the same turn. */
const MAX_IN_FLIGHT = 4;

/**
 * Runs steps from one queue, on later turns of the event loop, in slices of about `sliceMs`. The event
 * followers of the process share one (below), the WebSocket gateway paces its handshakes with another: when a
 * thousand subscribers join a long run at once, their handshakes and replays take turns instead of filling one
 * turn, so HTTP requests and new connections go on being served in between. A step counts until its events are delivered, which happens after its read: the next
 * step starts only when the turn has time left, so the deliveries, not only the reads, are paced.
 */
export class DeliveryPacer {
  private readonly queue = new PacketQueue<Pumpable>();
  private immediate: NodeJS.Immediate | undefined;
  private sliceEnd = 0;
  private inFlight = 0;
  private gathered: Pumpable[] = [];
  private gathering: NodeJS.Timeout | undefined;

  /**
   * @param sliceMs - how long one turn may deliver before yielding. @default 8
   * @param gatherMs - how long live appends are gathered before their followers pump. @default 5
   */
  constructor(
    private readonly sliceMs = 8,
    private readonly gatherMs = 5,
  ) {}

  /** Runs `target.pump()` on a later turn. */
  schedule(target: Pumpable): void {
    this.queue.push(target);
    this.immediate ??= setImmediate(this.drain);
  }

  /**
   * Runs `target.pump()` once the appends of the next few milliseconds have joined it: a run appends events
   * on most turns, and a follower pumped for each would send each subscriber a write per turn; gathered, a
   * thousand subscribers of a busy run cost a fraction of the system calls, for a few milliseconds of delay.
   */
  gather(target: Pumpable): void {
    this.gathered.push(target);
    this.gathering ??= setTimeout(this.release, this.gatherMs);
  }

  private readonly release = (): void => {
    this.gathering = undefined;
    const gathered = this.gathered;
    this.gathered = [];
    for (const target of gathered) this.schedule(target);
  };

  private readonly drain = (): void => {
    this.immediate = undefined;
    this.sliceEnd = performance.now() + this.sliceMs;
    this.pumpMore();
  };

  private pumpMore(): void {
    while (this.queue.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
      // Out of time: what is left keeps its place, ahead of what is scheduled meanwhile, for the next turn.
      if (performance.now() >= this.sliceEnd) {
        this.immediate ??= setImmediate(this.drain);
        return;
      }
      const target = this.queue.shift() as Pumpable;
      this.inFlight++;
      target.pump().then(this.finished, this.finished);
    }
  }

  private readonly finished = (): void => {
    this.inFlight--;
    this.pumpMore();
  };
}

/** The pacer every event follower of the process shares. */
export const deliveryPacer = new DeliveryPacer();
