import { settleWithin } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type Placement } from '../placement/placement';
import { type ExecutionRun } from '../run/execution-run';
import { SHUTDOWN_REASON, nodeStoppedMessage } from './stop-messages';
import { type StoredEnding } from './stored-ending';

/** What a {@link RunRecovery} works with. */
export interface RunRecoveryOptions {
  store: ExecutionStore;
  owned: ReadonlyMap<string, ExecutionRun>;
  placement: Placement;
  endings: StoredEnding;
  /** Cancels an execution wherever it is, and waits until it has stopped. */
  cancel: (id: string, reason: string) => Promise<unknown>;
}

/**
 * Ends the runs a process does not finish: those a previous process of this node left, those of a cluster node
 * found dead, and, when this one shuts down, those still going after the grace period.
 */
export class RunRecovery {
  constructor(private readonly options: RunRecoveryOptions) {}

  /**
   * Marks the executions a previous process left unfinished as failed, and returns how many: every queued or
   * running one for a single node, only those that ran on this node's id in a cluster (its queue outlives it).
   */
  async recoverInterrupted(): Promise<number> {
    const { nodeId, message } = this.options.placement.interrupted;
    return this.failAll(await this.options.store.listUnfinished(nodeId), message);
  }

  /**
   * Marks the running executions of a node that stopped as failed with "node <id> stopped"; returns how many.
   * The runs of this process are left alone: a node restarted under the same id may have claimed new ones
   * before it looks for those its previous process left.
   */
  async failRunsOf(nodeId: string): Promise<number> {
    return this.failAll(await this.options.store.listUnfinished(nodeId), nodeStoppedMessage(nodeId));
  }

  /** Lets the runs of this process finish for `graceMs`, then cancels what is left with {@link SHUTDOWN_REASON}. */
  async stopRuns(graceMs: number): Promise<void> {
    const { owned, placement, cancel } = this.options;
    await settleWithin([...owned.values()].map((run) => run.settled()), graceMs);
    for (const id of await placement.leftAtShutdown()) await cancel(id, SHUTDOWN_REASON).catch(() => undefined);
  }

  private async failAll(records: readonly ExecutionRecord[], message: string): Promise<number> {
    const { owned, endings } = this.options;
    let failed = 0;
    for (const record of records) if (!owned.has(record.id) && (await endings.failStopped(record, message))) failed += 1;
    return failed;
  }
}
