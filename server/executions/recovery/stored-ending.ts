import { type TerminalEvent } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { resultWithoutRun } from '../final-result';
import { type ExecutionAnnouncer } from '../follow/execution-announcer';
import { type UnnumberedEvent, nextInLog } from '../run/log-seq';
import { type RunLauncher } from '../run/run-launcher';

/** The state an ending expects an execution still to be in: it ends nothing that moved on meanwhile. */
type Expected = { status: 'queued' | 'running'; nodeId?: string };

/**
 * Ends executions that no run of this process holds, through the store's atomic conclude: one cancelled while
 * queued, and those a stopped process left. Of several nodes ending the same execution one succeeds, and only that
 * one tells the observers and the log's watchers.
 */
export class StoredEnding {
  constructor(
    private readonly store: ExecutionStore,
    private readonly announcer: ExecutionAnnouncer,
    private readonly launcher: RunLauncher,
    private readonly now: () => number,
  ) {}

  /** Cancels a queued execution before any node claims it; false when one claimed it first (it runs now). */
  cancelQueued(id: string, message: string): Promise<boolean> {
    return this.conclude(id, { status: 'queued' }, (queued) => {
      const endedAt = this.now();
      return { _type: 'Cancelled', timestamp: endedAt, result: resultWithoutRun(queued, endedAt, message) };
    });
  }

  /** Fails an execution a stopped process left queued or running; false when it had moved on. */
  failStopped(record: ExecutionRecord, message: string): Promise<boolean> {
    const expected: Expected = { status: record.status === 'queued' ? 'queued' : 'running', ...(record.nodeId === null ? {} : { nodeId: record.nodeId }) };
    return this.conclude(record.id, expected, (current) => {
      const endedAt = this.now();
      return { _type: 'Failed', timestamp: endedAt, error: message, result: resultWithoutRun(current, endedAt, message) };
    });
  }

  private async conclude(id: string, expected: Expected, end: (record: ExecutionRecord) => UnnumberedEvent<TerminalEvent>): Promise<boolean> {
    let event: TerminalEvent | undefined;
    const ended = await this.store.conclude(id, expected, (record, lastSeq) => (event = nextInLog<TerminalEvent>(end(record), lastSeq)));
    this.launcher.forget(id);
    if (!ended || event === undefined) return false;
    const record = await this.store.get(id);
    if (record) this.announcer.logged(record, event);
    return true;
  }
}
