import { type FiringJournal, type FiringOutcome, type JournalEntry, type JournalLookup } from '../../engine';
import { type ExecutionStore } from '../../storage';

/**
 * The firing journal of one run, kept in the execution store beside its events and committed with them: numbers
 * each node's firings, answers what a previous process of the run recorded (a run resumed after a crash), and
 * writes what this one does. The store deletes it when the run ends.
 */
export class RunJournal implements FiringJournal {
  /** Firings numbered so far, by node path. */
  private readonly counts = new Map<string, number>();
  /** What a previous process recorded, by node path and firing number. */
  private readonly previous = new Map<string, Map<number, JournalEntry>>();

  constructor(
    private readonly executionId: string,
    private readonly store: ExecutionStore,
    previous: readonly JournalEntry[] = [],
  ) {
    for (const entry of previous) {
      let byFiring = this.previous.get(entry.nodeId);
      if (byFiring === undefined) this.previous.set(entry.nodeId, (byFiring = new Map()));
      byFiring.set(entry.firing, entry);
    }
  }

  /** Firings a previous process recorded with their outcome: those the resumed run replays. */
  get recorded(): number {
    let count = 0;
    for (const byFiring of this.previous.values()) for (const entry of byFiring.values()) if (entry.outcome !== undefined) count += 1;
    return count;
  }

  next(nodeId: string): JournalLookup {
    const firing = (this.counts.get(nodeId) ?? 0) + 1;
    this.counts.set(nodeId, firing);
    const entry = this.previous.get(nodeId)?.get(firing);
    if (entry === undefined) return { firing, state: 'new' };
    return entry.outcome === undefined ? { firing, state: 'interrupted' } : { firing, state: 'recorded', outcome: entry.outcome };
  }

  starting(nodeId: string, firing: number): Promise<void> {
    this.store.appendJournal(this.executionId, { nodeId, firing });
    return this.store.written();
  }

  ended(nodeId: string, firing: number, outcome: FiringOutcome): void {
    this.store.appendJournal(this.executionId, { nodeId, firing, outcome });
  }
}
