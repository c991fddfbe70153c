import { type EngineEvent, type JournalEntry, type TerminalEvent } from '../../engine';
import { type ExecutionRecord, type ExecutionUpdate } from '../../executions';
import { type ExecutionStatus } from '../../../model';

/** Filters and paging of an execution listing. */
export interface ExecutionQuery {
  status?: ExecutionStatus;
  workflowId?: string;
  /** Only the runs this deployment started. */
  deploymentId?: string;
  /** Only the runs of this tenant. */
  tenant?: string;
  limit: number;
  /** Opaque position returned as `nextCursor` by the previous page. */
  cursor?: string;
}

/** A page of executions, newest first. */
export interface ExecutionPage {
  items: ExecutionRecord[];
  nextCursor: string | null;
}

/** Which finished executions a prune deletes: those matching any of the limits given. */
export interface PruneLimits {
  /** Those that ended before this epoch-ms time. */
  endedBefore?: number;
  /** Those beyond the newest `keep` finished ones. */
  keep?: number;
  /** The `oldest` finished ones (those that ended first). */
  oldest?: number;
}

/** Makes the terminal event that ends an execution, from its record and the seq of its last logged event. */
export type TerminalEventOf = (record: ExecutionRecord, lastSeq: number) => TerminalEvent;

/**
 * Where executions and their event logs live: an embedded database for one node, a shared one for a cluster.
 *
 * Writes (`insert`, `update`, `appendEvent`) are queued in order and committed together, one transaction per
 * turn of the event loop, so that a busy run never waits on the database for each event; `written()` tells when
 * everything queued so far is committed. Reads are asynchronous (a shared database answers over the network)
 * and see every write queued before them, committed or not: a reader that follows a log from the seq it saw
 * last never misses or repeats an event.
 *
 * A finished execution never changes again: updates, events and journal entries that would follow its terminal
 * state are ignored, which is what makes `claim`, `adopt` and `conclude` safe when nodes race for the same execution.
 *
 * The firing journal of a run (see the engine's `FiringJournal`) is kept until the run ends: it goes in the same
 * transaction as the change that finishes the execution (an `update` to a terminal state, `conclude`), and with
 * `delete` and `prune`.
 */
export interface ExecutionStore {
  insert(record: ExecutionRecord): void;
  update(id: string, update: ExecutionUpdate): void;
  /**
   * Appends an event; its `seq` must be the log's length plus one.
   * @throws Error when the store knows the log's length and the seq does not follow it
   */
  appendEvent(executionId: string, event: EngineEvent): void;
  /**
   * Resolves once everything queued so far is committed (at once for a store in memory): a start is
   * acknowledged only then, so that a crash never loses an acknowledged execution.
   * @throws Error when the write failed.
   */
  written(): Promise<void>;
  /**
   * Writes a firing to the journal of a running execution, queued with the events of the same turn and committed
   * in their transaction. An entry with an outcome replaces the entry of the same firing written without one
   * (when it started); an outcome, once written, stands. Ignored once the execution is finished.
   */
  appendJournal(executionId: string, entry: JournalEntry): void;

  get(id: string): Promise<ExecutionRecord | undefined>;
  list(query: ExecutionQuery): Promise<ExecutionPage>;
  /** Up to `limit` events with `seq >= fromSeq`, in order and without gaps. */
  readEvents(executionId: string, fromSeq: number, limit: number): Promise<EngineEvent[]>;
  /** The seq of the last event of the log, 0 when empty. */
  lastSeq(executionId: string): Promise<number>;
  /** Every entry of an execution's firing journal, in the order each firing was first written; empty once the execution is finished. */
  readJournal(executionId: string): Promise<JournalEntry[]>;
  /** Executions that are queued or running, on `nodeId` only when it is given. */
  listUnfinished(nodeId?: string): Promise<ExecutionRecord[]>;
  /** How many executions of `tenant` are queued or running, on any node: what its `max_active_executions` is held to. */
  countUnfinished(tenant: string): Promise<number>;

  /**
   * Moves a queued execution to running on `nodeId` at `startedAt`, atomically: of several nodes claiming the
   * same execution, one gets the running record and the others undefined.
   */
  claim(id: string, nodeId: string, startedAt: number): Promise<ExecutionRecord | undefined>;
  /**
   * Moves an execution running on `fromNodeId` to running on `toNodeId`, atomically: what a node does to take over
   * the runs of a node that stopped, or a restarted node to take back its own (`fromNodeId` = `toNodeId`, which
   * only that node does). Of several nodes adopting the same execution from the same node, one gets the running
   * record and the others undefined; undefined too when it is not running on `fromNodeId`. Its journal goes on with it.
   */
  adopt(id: string, fromNodeId: string, toNodeId: string): Promise<ExecutionRecord | undefined>;
  /**
   * Ends an execution that is still `status` (and runs on `nodeId`, when given) with the terminal event
   * `end` makes, logged after its last event, atomically; false when it had moved on. What cancels a queued
   * execution and fails the runs of a node that stopped.
   */
  conclude(id: string, expected: { status: 'queued' | 'running'; nodeId?: string }, end: TerminalEventOf): Promise<boolean>;

  /** Deletes a finished execution, its event log and its journal; false when there is none. */
  delete(id: string): Promise<boolean>;
  /**
   * Deletes the finished executions that ended before `endedBefore`, those beyond the newest `keep` finished
   * ones, and the `oldest` finished ones that ended first; returns how many went.
   */
  prune(limits: PruneLimits): Promise<number>;

  /** Why the store cannot take writes now (closed, read-only, its server unreachable), or undefined when it can: what readiness reports. */
  unavailableReason(): Promise<string | undefined>;
  /** Commits what is queued and closes the store. */
  close(): Promise<void>;
}
