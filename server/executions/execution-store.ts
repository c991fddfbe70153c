import { type EngineEvent } from '../engine';
import { type ExecutionRecord, type ExecutionUpdate } from './execution-record';
import { type ExecutionStatus } from '../../model';

/** Filters and paging of an execution listing. */
export interface ExecutionQuery {
  status?: ExecutionStatus;
  workflowId?: string;
  limit: number;
  /** Opaque position returned as `nextCursor` by the previous page. */
  cursor?: string;
}

/** A page of executions, newest first. */
export interface ExecutionPage {
  items: ExecutionRecord[];
  nextCursor: string | null;
}

/**
 * Where executions and their event logs live. Synchronous on purpose: a subscriber that reads the log and
 * then listens for appends can never miss or repeat an event in between.
 */
export interface ExecutionStore {
  insert(record: ExecutionRecord): void;
  get(id: string): ExecutionRecord | undefined;
  update(id: string, update: ExecutionUpdate): void;
  list(query: ExecutionQuery): ExecutionPage;
  /** Appends an event; its `seq` must be the log's length plus one. */
  appendEvent(executionId: string, event: EngineEvent): void;
  /** Up to `limit` events with `seq >= fromSeq`, in order. */
  readEvents(executionId: string, fromSeq: number, limit: number): EngineEvent[];
  /** The seq of the last event of the log, 0 when empty. */
  lastSeq(executionId: string): number;
  /** Executions left queued or running by a previous process. */
  listUnfinished(): ExecutionRecord[];
  /** Deletes a finished execution and its event log; false when there is none. */
  delete(id: string): boolean;
  /**
   * Deletes the finished executions that ended before `endedBefore`, and those beyond the newest `keep`
   * finished ones; returns how many went.
   */
  prune(limits: { endedBefore?: number; keep?: number }): number;
  /**
   * Resolves once everything stored so far is on disk (at once for a store in memory): a start is
   * acknowledged only then, so that a crash never loses an acknowledged execution.
   * @throws Error when the write failed.
   */
  written(): Promise<void>;
  /** Whether the store can take writes now (open, not read-only): what readiness reports. */
  isWritable(): boolean;
  close(): void;
}

/** Thrown by a store for a cursor it did not issue. */
export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`Cursor '${cursor}' is not valid`);
    this.name = 'InvalidCursorError';
  }
}
