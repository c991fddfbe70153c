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
  // Made when first needed: most nodes never arm a timer.
  private cancellers: Set<() => void> | undefined;
  private running: Set<PromiseLike<unknown>> | undefined;

  constructor(
    private readonly net: NetworkRuntime,
    /** The node the timers belong to, told when a callback fails. */
    private readonly node: { timerFailed(error: unknown): void },
  ) {}

  /** `ctx.setTimeout`: runs the callback once; returns a canceller. */
  setTimeout(callback: TimerCallback, ms: number): () => void {
    return this.arm(callback, ms, false);
  }

  /** `ctx.setInterval`: runs the callback every `ms` until cancelled; returns a canceller. */
  setInterval(callback: TimerCallback, ms: number): () => void {
    return this.arm(callback, ms, true);
  }

  /** Cancels every armed timer. */
  clear(): void {
    if (this.cancellers !== undefined) for (const cancel of [...this.cancellers]) cancel();
  }

  /** Adds the async callbacks still running to `pending`. */
  addInFlight(pending: PromiseLike<unknown>[]): void {
    if (this.running !== undefined) for (const promise of this.running) pending.push(promise);
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
      cancellers.delete(cancel);
      this.net.doneWork();
    };
    const tick = (): void => {
      if (!armed) return;
      if (!repeat) {
        armed = false;
        cancellers.delete(cancel);
      }
      this.run(callback);
      if (!repeat) this.net.doneWork();
    };
    const cancellers = (this.cancellers ??= new Set());
    const handle = repeat ? setInterval(tick, delay) : setTimeout(tick, delay);
    cancellers.add(cancel);
    return cancel;
  }

  private run(callback: TimerCallback): void {
    let result: unknown;
    try {
      result = callback();
    } catch (error) {
      this.node.timerFailed(error);
      return;
    }
    if (!isThenable(result)) return;
    this.net.addWork();
    const running = (this.running ??= new Set());
    running.add(result);
    const settled = (): void => {
      running.delete(result);
      this.net.doneWork();
    };
    result.then(settled, (error: unknown) => {
      this.node.timerFailed(error);
      settled();
    });
  }
}
