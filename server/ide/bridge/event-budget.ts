/** A count of buffered events shared by all of the bridge's trace sessions, so that together they hold at most `limit`. */
export class EventBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Takes room for one event; false when the budget is spent (the event is then dropped). */
  tryTake(): boolean {
    if (this.used >= this.limit) return false;
    this.used += 1;
    return true;
  }

  /** Gives back room for `count` events that were sent or dropped. */
  give(count: number): void {
    this.used = Math.max(0, this.used - count);
  }

  /** Events buffered now. */
  get inUse(): number {
    return this.used;
  }
}
