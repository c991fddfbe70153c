/** One already-resolved promise, returned by every send that did not have to wait, so the hot path allocates none. */
export const RESOLVED: Promise<void> = Promise.resolve();

/** A function that does nothing, returned as the canceller of a timer that was never armed. */
export function noop(): void {}

/** Tells whether a value returned by an actor is a promise (or any thenable) to wait for. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** Waits until every promise settled or `ms` passed, whichever comes first; never rejects. */
export function settleWithin(promises: readonly PromiseLike<unknown>[], ms: number): Promise<void> {
  if (promises.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled(promises).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Calls `next` once every promise settled or `ms` passed; at once, in the caller's turn, when there is none:
 * a run that leaves nothing behind ends without a microtask per step.
 */
export function afterSettling(promises: readonly PromiseLike<unknown>[], ms: number, next: () => void): void {
  if (promises.length === 0) next();
  else void settleWithin(promises, ms).then(next);
}
