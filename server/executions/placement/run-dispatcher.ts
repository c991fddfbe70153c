import { RunQueue } from './run-queue';

/** Runs an execution on this node: claims it, runs it, and resolves once it has ended (or was not there to claim). */
export type RunHere = (executionId: string) => Promise<void>;

/**
 * Decides where and when a written execution runs: in this process as slots free up, or on whichever node of a
 * cluster takes it from the shared queue. Either way the run starts with {@link RunHere} on the node that runs it.
 */
export interface RunDispatcher {
  /** Whether every execution runs in this process (no other node takes any). */
  readonly local: boolean;
  /** Starts taking executions, running each with `runHere`. */
  open(runHere: RunHere): void;
  /**
   * Queues an execution whose record is written (or queued for writing on this node's store). A cluster's
   * dispatcher runs it on this node instead, with `runHere` (else the {@link RunHere} it was opened with), when a
   * slot is free once the record is written.
   */
  dispatch(executionId: string, runHere?: () => Promise<void>): void;
  /** Takes a queued execution back before any node starts it, when it can; whether it did is only a hint. */
  withdraw(executionId: string): void;
  /** Executions waiting here for a slot and executions running here now. */
  load(): { queued: number; running: number };
  /** Why executions cannot be queued now, or undefined when they can. */
  unavailableReason(): Promise<string | undefined>;
  /** Stops taking executions; those running here go on. */
  close(): Promise<void>;
}

/** The dispatcher of a single node: executions run in this process, at most `concurrency` at a time, in arrival order. */
export class LocalDispatcher implements RunDispatcher {
  readonly local = true;
  private readonly queue: RunQueue;
  private runHere: RunHere | undefined;

  constructor(concurrency: number) {
    this.queue = new RunQueue(concurrency);
  }

  open(runHere: RunHere): void {
    this.runHere = runHere;
  }

  dispatch(executionId: string): void {
    const runHere = this.runHere;
    if (runHere === undefined) throw new Error('The dispatcher is not open');
    this.queue.push(executionId, () => runHere(executionId));
  }

  withdraw(executionId: string): void {
    this.queue.remove(executionId);
  }

  load(): { queued: number; running: number } {
    return { queued: this.queue.pending, running: this.queue.running };
  }

  unavailableReason(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  close(): Promise<void> {
    this.runHere = undefined;
    return Promise.resolve();
  }
}
