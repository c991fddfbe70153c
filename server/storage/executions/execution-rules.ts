import { type EngineEvent, type TerminalEvent, isTerminalEvent } from '../../engine';
import { type ExecutionRecord, type ExecutionUpdate, statusOfTerminalEvent } from '../../executions';
import { isTerminalStatus } from '../../../model';
import { type PruneLimits } from './execution-store';

/*
 * The rules every execution store keeps, written once: the adapters call them where they hold the data, and
 * the SQL adapters state the same conditions in their queries where a row must be checked in the database.
 */

/**
 * Refuses an event whose seq does not follow the log's last one: a log has no gaps and no repeats.
 * @throws Error naming both seqs and the execution
 */
export function assertFollows(executionId: string, seq: number, lastSeq: number): void {
  if (seq !== lastSeq + 1) throw new Error(`Event seq ${seq} does not follow seq ${lastSeq} of execution '${executionId}'`);
}

/** Whether an event may still be logged after `last`: nothing follows a terminal event. */
export function mayFollow(last: EngineEvent | undefined): boolean {
  return last === undefined || !isTerminalEvent(last);
}

/** Applies an update to a record in place unless the record is finished: a terminal state never changes. Answers whether it applied. */
export function applyUpdate(record: ExecutionRecord, update: ExecutionUpdate): boolean {
  if (isTerminalStatus(record.status)) return false;
  Object.assign(record, update);
  return true;
}

/** Whether an execution is still as `conclude` expects it: in `status`, and on `nodeId` when one is given. */
export function isAsExpected(
  record: Pick<ExecutionRecord, 'status' | 'nodeId'> | undefined,
  expected: { status: 'queued' | 'running'; nodeId?: string },
): boolean {
  return record?.status === expected.status && (expected.nodeId === undefined || record.nodeId === expected.nodeId);
}

/**
 * Whether a journal entry written now takes the place of the one kept for the same firing: an entry with an
 * outcome replaces the one written when the firing started, and an outcome, once written, stands. The SQL
 * adapters state the same condition in their upserts.
 */
export function replacesJournalEntry(kept: { outcome?: unknown } | undefined, next: { outcome?: unknown }): boolean {
  return kept === undefined || (kept.outcome === undefined && next.outcome !== undefined);
}

/** The change a terminal event makes to its execution's record. */
export function terminalUpdate(event: TerminalEvent): ExecutionUpdate & Pick<ExecutionRecord, 'status'> {
  return { status: statusOfTerminalEvent(event), result: event.result, endedAt: event.timestamp };
}

/**
 * The finished executions a prune deletes, of those given: those that ended before `endedBefore`, those beyond
 * the newest `keep`, and the `oldest` ones, by the time they ended. What a store that holds its records in memory
 * selects; a database selects the same with its query.
 */
export function prunedOf(records: Iterable<ExecutionRecord>, limits: PruneLimits): ExecutionRecord[] {
  const finished = [...records].filter((record) => isTerminalStatus(record.status)).sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
  return finished.filter(
    (record, i) =>
      (limits.endedBefore !== undefined && (record.endedAt ?? 0) < limits.endedBefore) ||
      (limits.keep !== undefined && i >= limits.keep) ||
      (limits.oldest !== undefined && i >= finished.length - limits.oldest),
  );
}
