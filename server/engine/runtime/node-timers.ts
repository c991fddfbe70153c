import { isThenable, noop } from './promises';
import { type NetworkRuntime } from './network-runtime';

type TimerCallback = () => void | Promise<void>;

/** Longest delay Node timers accept; longer ones would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * The timers of one node (`ctx.setTimeout` / `ctx.setInterval`): each armed timer and each async callback
 * still running counts as pending work of the network, a throw or rejection inside a callback is an actor
 * error, and all of them are cleared when the run stops.
 */
export class NodeTimers {
  private readonly cancellers = new Set<() => void>();
  private readonly running = new Set<PromiseLike<unknown>>();

  constructor(
    private readonly net: NetworkRuntime,
    private readonly fail: (error: unknown) => void,
  ) {}

  /** `ctx.setTimeout`: runs the callback once; returns a canceller. */
  readonly setTimeout = (callback: TimerCallback, ms: number): (() => void) => this.arm(callback, ms, false);

  /** `ctx.setInterval`: runs the callback every `ms` until cancelled; returns a canceller. */
  readonly setInterval = (callback: TimerCallback, ms: number): (() => void) => this.arm(callback, ms, true);

  /** Cancels every armed timer. */
  clear(): void {
    for (const cancel of [...this.cancellers]) cancel();
  }

  /** Async callbacks still running. */
  inFlight(): PromiseLike<unknown>[] {
    return [...this.running];
  }

  private arm(callback: TimerCallback, ms: number, repeat: boolean): () => void {
    if (!this.net.running) return noop;
    this.net.addWork();
    let armed = true;
    const delay = Math.min(Math.max(0, Number(ms) || 0), MAX_DELAY_MS);
    const cancel = (): void => {
      if (!armed) return;
      armed = false;
      if (repeat) clearInterval(handle);
      else clearTimeout(handle);
      this.cancellers.delete(cancel);
      this.net.doneWork();
    };
    const tick = (): void => {
      if (!armed) return;
      if (!repeat) {
        armed = false;
        this.cancellers.delete(cancel);
      }
      this.run(callback);
      if (!repeat) this.net.doneWork();
    };
    const handle = repeat ? setInterval(tick, delay) : setTimeout(tick, delay);
    this.cancellers.add(cancel);
    return cancel;
  }

  private run(callback: TimerCallback): void {
    let result: unknown;
    try {
      result = callback();
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!isThenable(result)) return;
    this.net.addWork();
    this.running.add(result);
    const settled = (): void => {
      this.running.delete(result);
      this.net.doneWork();
    };
    result.then(settled, (error: unknown) => {
      this.fail(error);
      settled();
    });
  }
}
