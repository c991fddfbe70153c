/** Tells whether a value returned by an actor is a promise (or any thenable) to wait for. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
