/** The longest delay `setTimeout` keeps (about 24.8 days); later ticks are reached through intermediate wake-ups. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Calls `onTick` once at `at` (epoch ms), however far away, without keeping the process alive. Returns a
 * canceller.
 */
export function timerAt(at: number, now: () => number, onTick: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const delay = at - now();
    if (delay <= 0) {
      timer = undefined;
      onTick();
      return;
    }
    timer = setTimeout(arm, Math.min(delay, MAX_DELAY_MS));
    timer.unref();
  };
  arm();
  return () => {
    if (timer !== undefined) clearTimeout(timer);
  };
}
