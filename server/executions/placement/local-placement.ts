import { type ValidGraph } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type ExecutionAnnouncer } from '../follow/execution-announcer';
import { INTERRUPTED_MESSAGE } from '../recovery/stop-messages';
import { type RunLauncher } from '../run/run-launcher';
import { type Placement } from './placement';
import { type RunDispatcher } from './run-dispatcher';

/**
 * The placement of a single node: every execution runs in this process, through its dispatcher's queue, and every
 * unfinished execution in the store is this process's (or its previous one's).
 */
export class LocalPlacement implements Placement {
  readonly interrupted = { nodeId: undefined, message: INTERRUPTED_MESSAGE };

  constructor(
    private readonly dispatcher: RunDispatcher,
    private readonly launcher: RunLauncher,
    private readonly announcer: ExecutionAnnouncer,
    private readonly store: ExecutionStore,
  ) {
    dispatcher.open(async (id) => {
      await launcher.launch(id);
    });
  }

  place(record: ExecutionRecord, graph: ValidGraph): void {
    this.announcer.accepted(record);
    this.launcher.keep(record.id, graph);
    this.dispatcher.dispatch(record.id);
  }

  /** Resumes through the dispatcher, so that resumed runs wait for a slot like new ones. */
  resume(record: ExecutionRecord): void {
    if (record.status === 'running' && record.nodeId !== null) this.launcher.resumeWhenLaunched(record.id, record.nodeId);
    this.announcer.accepted(record);
    this.dispatcher.dispatch(record.id);
  }

  /** Every unfinished execution: those queued here are cancelled with the running ones. */
  leftAtShutdown(): Promise<ExecutionRecord[]> {
    return this.store.listUnfinished();
  }
}
