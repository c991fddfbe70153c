import type ivm from 'isolated-vm';
import { PENDING_MARKER, SANDBOX_STEP_SOURCE } from './bootstrap-source';

/** How {@link settleAnswer} bounds and waits. */
export interface SettleOptions {
  /** When the call's time is up, in milliseconds since the epoch. */
  deadline: number;
  /** Waits while none of the call's code runs; resolves false when the call was cancelled meanwhile. */
  pause(ms: number): Promise<boolean>;
}

/** The answer of a call once its value is ready, or why the call stopped before. */
export type Settled = { answer: unknown } | { stopped: 'timeout' | 'cancelled' };

/**
 * Drives a call whose script returned a promise until its value is ready. Each step, run after the isolate has
 * drained its microtasks, answers the envelope once the promise settled, or runs the next due timer, or says how
 * long until one is due: that wait happens here, on the host, with no code of the call running. A timer due
 * after the deadline ends the call as a timeout when the deadline comes, not sooner, as a script busy that long
 * would. Without timers the first step answers (the promise settled in microtasks, or never will).
 */
export async function settleAnswer(context: ivm.Context, first: unknown, options: SettleOptions): Promise<Settled> {
  let answer = first;
  while (answer === PENDING_MARKER || typeof answer === 'number') {
    if (typeof answer === 'number') {
      // A script that replaced built-ins may spoil the wait; any number still ends at the deadline.
      const wait = answer > 0 ? answer : 0;
      const left = options.deadline - Date.now();
      if (wait >= left) {
        if (left > 0 && !(await options.pause(left))) return { stopped: 'cancelled' };
        return { stopped: 'timeout' };
      }
      if (wait > 0 && !(await options.pause(wait))) return { stopped: 'cancelled' };
    }
    answer = await context.evalClosure(SANDBOX_STEP_SOURCE, [], { timeout: Math.max(1, options.deadline - Date.now()), result: { copy: true } });
  }
  return { answer };
}
