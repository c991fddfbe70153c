/**
 * How long the engine may work in the current turn of the event loop when it starts runs, shared by every
 * run of the process. A run that starts while the turn still has time runs its first slice at once instead of
 * on the next turn: a short workflow then finishes in the turn that started it, without paying for a whole
 * turn of the event loop. Once the turn has used its time, runs start on the next turn as any other work does,
 * so a caller that starts runs in a loop of resolved promises still lets the event loop turn every slice.
 */
export class TurnBudget {
  private turnStart = 0;
  private open = false;

  /** @param sliceMs - time runs may take from one turn. */
  constructor(private readonly sliceMs: number) {}

  /** When the current turn's time ends (performance.now() clock), or 0 when it has none left. */
  deadline(): number {
    const now = performance.now();
    if (!this.open) {
      this.open = true;
      this.turnStart = now;
      // The next turn starts with a whole slice again; one immediate per slice for the whole process.
      setImmediate(this.close);
    }
    const end = this.turnStart + this.sliceMs;
    return now < end ? end : 0;
  }

  private readonly close = (): void => {
    this.open = false;
  };
}
