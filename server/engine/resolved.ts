/** One already-resolved promise, returned by every send that did not have to wait, so the hot path allocates none. */
export const RESOLVED: Promise<void> = Promise.resolve();

/** A function that does nothing, returned as the canceller of a timer that was never armed. */
export function noop(): void {}
