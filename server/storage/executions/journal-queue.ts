import { type JournalEntry } from '../../engine';
import { replacesJournalEntry } from './execution-rules';

/** A journal entry waiting to be written, its outcome serialised once when it is queued. */
export interface QueuedJournalEntry {
  executionId: string;
  nodeId: string;
  firing: number;
  /** The outcome's JSON text; none for a firing that has only started. */
  outcome?: string;
}

/** A journal row as the SQL adapters read it back. */
export interface JournalRow {
  node_path: string;
  firing: number;
  outcome: string | null;
}

/**
 * The journal writes of one batch, as the SQL stores queue them: one entry per firing, in the order each was
 * first written (a firing that starts and ends within one turn is written once, with its outcome), and the
 * executions whose journal the batch deletes once its entries are written (those it finishes).
 */
export class JournalQueue {
  private readonly entries = new Map<string, QueuedJournalEntry>();
  /** Executions whose journal goes with this batch. */
  readonly dropped = new Set<string>();

  get empty(): boolean {
    return this.entries.size === 0 && this.dropped.size === 0;
  }

  /** The entries to write, in the order first written. */
  get queued(): IterableIterator<QueuedJournalEntry> {
    return this.entries.values();
  }

  /**
   * Queues an entry; its packets are serialised now (a JsonText as the value it holds), so that what is written
   * is what the firing sent.
   */
  append(executionId: string, entry: JournalEntry): void {
    this.add({ executionId, nodeId: entry.nodeId, firing: entry.firing, outcome: entry.outcome && JSON.stringify(entry.outcome) });
  }

  /** Queues an entry already serialised (one moved from another batch). */
  add(queued: QueuedJournalEntry): void {
    const key = `${queued.executionId}\u0000${queued.nodeId}\u0000${queued.firing}`;
    if (replacesJournalEntry(this.entries.get(key), queued)) this.entries.set(key, queued);
  }
}

/** A journal entry as read back from its row. */
export function toJournalEntry(row: JournalRow): JournalEntry {
  const entry: JournalEntry = { nodeId: row.node_path, firing: row.firing };
  if (row.outcome !== null) entry.outcome = JSON.parse(row.outcome) as JournalEntry['outcome'];
  return entry;
}
