import { type ValidGraph } from '../../engine';
import { type Logger } from '../../logger';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type ExecutionAnnouncer } from '../follow/execution-announcer';
import { nodeStoppedMessage } from '../recovery/stop-messages';
import { type ExecutionRun } from '../run/execution-run';
import { type RunLauncher } from '../run/run-launcher';
import { type Placement } from './placement';
import { type RunDispatcher } from './run-dispatcher';

/** What a {@link ClusterPlacement} works with. */
export interface ClusterPlacementOptions {
  dispatcher: RunDispatcher;
  launcher: RunLauncher;
  announcer: ExecutionAnnouncer;
  store: ExecutionStore;
  owned: ReadonlyMap<string, ExecutionRun>;
  nodeId: string;
  logger: Logger;
}

/**
 * The placement of a cluster node: executions run here when the dispatcher has a slot for them now, else go to the
 * cluster's queue and run on whichever node claims them; the node that claims one tells its observers, which follow
 * the runs of their node. Only the executions claimed under this node's id are its own: queued ones stay in the
 * queue for the other nodes when it stops.
 */
export class ClusterPlacement implements Placement {
  readonly interrupted: { readonly nodeId: string; readonly message: string };
  private readonly claimed = (record: ExecutionRecord): void => this.options.announcer.accepted(record);

  constructor(private readonly options: ClusterPlacementOptions) {
    this.interrupted = { nodeId: options.nodeId, message: nodeStoppedMessage(options.nodeId) };
    options.dispatcher.open((id) => this.runHere(id));
  }

  place(record: ExecutionRecord, graph: ValidGraph, here: boolean): void {
    const { id } = record;
    if (!here) return this.options.dispatcher.dispatch(id, () => this.startHere(id, graph));
    this.options.store.written().then(
      () => this.startHere(id, graph),
      (error: unknown) => this.options.logger.error({ err: error, executionId: id }, 'Could not write an execution to run here'),
    );
  }

  /**
   * Resumes a running execution here, beside the queue: the stopped node's job may still be held or taken again by
   * any node, and only the adoption decides who runs the execution. A queued one is still in the queue, or, when the
   * stopped node was to run it itself and had not claimed it, is dispatched again by the lease checks once it is
   * older than the failure timeout.
   */
  resume(record: ExecutionRecord): void {
    const { id, status, nodeId } = record;
    if (status !== 'running' || nodeId === null) return;
    this.options.launcher.resumeWhenLaunched(id, nodeId);
    this.runHere(id).catch((error: unknown) => this.options.logger.error({ err: error, executionId: id }, 'Could not resume an execution'));
  }

  /** The runs of this process only. */
  leftAtShutdown(): Promise<ExecutionRecord[]> {
    return Promise.resolve([...this.options.owned.values()].map((run) => run.record));
  }

  // A run started here reads the graph its start checked, and ends, freeing its slot, once its network has stopped,
  // as a single node's run does: no job waits for its log to be written.
  private async startHere(id: string, graph: ValidGraph): Promise<void> {
    this.options.launcher.keep(id, graph);
    await this.options.launcher.launch(id, this.claimed);
  }

  // A job ends once what its run logged is written, so that the queue never outlives what it says happened.
  private async runHere(id: string): Promise<void> {
    const run = await this.options.launcher.launch(id, this.claimed);
    if (run !== undefined) await this.options.store.written();
  }
}
