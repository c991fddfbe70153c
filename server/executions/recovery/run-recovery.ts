import { settleWithin } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type Placement } from '../placement/placement';
import { type ExecutionRun } from '../run/execution-run';
import { isResumable } from '../run/resumable';
import { SHUTDOWN_REASON, nodeStoppedMessage } from './stop-messages';
import { type StoredEnding } from './stored-ending';

/** What a {@link RunRecovery} works with. */
export interface RunRecoveryOptions {
  store: ExecutionStore;
  owned: ReadonlyMap<string, ExecutionRun>;
  placement: Placement;
  endings: StoredEnding;
  /** This node's id. */
  nodeId: string;
  /** Whether runs a stopped process left resume (`resume_interrupted_runs`), each unless its metadata opts out. */
  resumeInterruptedRuns: boolean;
  /** Cancels an execution wherever it is, and waits until it has stopped. */
  cancel: (id: string, reason: string) => Promise<unknown>;
}

/** What became of the executions a stopped process left unfinished. */
export interface Recovered {
  /** Those that go on here, from where they stopped (or, when still queued, from the start). */
  resumed: number;
  /** Those marked failed: their metadata, or the service, says they do not resume. */
  failed: number;
}

/**
 * Takes care of the runs a process does not finish: those a previous process of this node left and those of a
 * cluster node found dead are resumed (or failed, when they do not resume), and, when this process shuts down,
 * those still going after the grace period are suspended for a later process to resume (or cancelled).
 */
export class RunRecovery {
  constructor(private readonly options: RunRecoveryOptions) {}

  /**
   * Resumes or fails the executions a previous process left unfinished: every queued or running one for a single
   * node, only those that ran on this node's id in a cluster (its queue outlives it).
   */
  async recoverInterrupted(): Promise<Recovered> {
    const { nodeId, message } = this.options.placement.interrupted;
    return this.recoverAll(await this.options.store.listUnfinished(nodeId), message);
  }

  /**
   * Resumes here, or marks failed with "node <id> stopped", the running executions of a node that stopped. The runs
   * of this process are left alone: a node restarted under the same id may have claimed new ones before it looks
   * for those its previous process left.
   */
  async recoverRunsOf(nodeId: string): Promise<Recovered> {
    return this.recoverAll(await this.options.store.listUnfinished(nodeId), nodeStoppedMessage(nodeId));
  }

  /**
   * Suspends the runs of this process that another node has taken over meanwhile (this node stalled past the
   * failure timeout, and was taken for stopped): they stop here, and their late events are not logged. Returns how many.
   */
  async suspendTakenOver(): Promise<number> {
    const { owned, store, nodeId } = this.options;
    // Only runs made before the read: a run claimed since may not show in it yet.
    const before = [...owned.entries()];
    if (before.length === 0) return 0;
    const mine = new Set((await store.listUnfinished(nodeId)).map((record) => record.id));
    const taken = before.filter(([id]) => !mine.has(id));
    await Promise.all(taken.map(([, run]) => run.suspend()));
    return taken.length;
  }

  /**
   * Lets the runs of this process finish for `graceMs`, then suspends those left that resume (a later process goes
   * on with them) and cancels the others with {@link SHUTDOWN_REASON}.
   */
  async stopRuns(graceMs: number): Promise<void> {
    const { owned, placement, cancel, resumeInterruptedRuns } = this.options;
    await settleWithin(
      [...owned.values()].map((run) => run.settled()),
      graceMs,
    );
    const left = [...owned.values()];
    await Promise.all(left.filter((run) => isResumable(run.record, resumeInterruptedRuns)).map((run) => run.suspend()));
    for (const record of await placement.leftAtShutdown()) {
      if (!isResumable(record, resumeInterruptedRuns)) await cancel(record.id, SHUTDOWN_REASON).catch(() => undefined);
    }
  }

  private async recoverAll(records: readonly ExecutionRecord[], message: string): Promise<Recovered> {
    const { owned, endings, placement, resumeInterruptedRuns } = this.options;
    const recovered: Recovered = { resumed: 0, failed: 0 };
    for (const record of records) {
      if (owned.has(record.id)) continue;
      if (isResumable(record, resumeInterruptedRuns)) {
        placement.resume(record);
        recovered.resumed += 1;
      } else if (await endings.failStopped(record, message)) recovered.failed += 1;
    }
    return recovered;
  }
}
