/** The window the ceiling on trigger starts counts over. */
const WINDOW_MS = 1000;

/**
 * The service-wide ceiling on the runs triggers start: at most `perSecond` starts in any one-second window
 * (a sliding window, so no burst of twice the ceiling across a second's boundary). It keeps the times of the
 * last `perSecond` starts in a ring: a start fits when the oldest of them is a second old.
 */
export class TriggerStartBudget {
  private readonly starts: number[];
  /** The slot of the oldest start, which the next start overwrites. */
  private oldest = 0;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.starts = Array.from({ length: Math.max(1, perSecond) }, () => -Infinity);
  }

  /** Whether a start would fit now, without taking it. */
  hasRoom(): boolean {
    return (this.starts[this.oldest] as number) <= this.now() - WINDOW_MS;
  }

  /** Takes a start when one fits now; false when the ceiling is reached. */
  take(): boolean {
    if (!this.hasRoom()) return false;
    this.starts[this.oldest] = this.now();
    this.oldest = (this.oldest + 1) % this.starts.length;
    return true;
  }
}
