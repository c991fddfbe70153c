import { randomUUID } from 'node:crypto';
import { type ActorLogEntry, type ConfigUpdateOutcome, type JsonObject, type ValidGraph, GraphCompiler } from '../engine';
import { AppError } from '../errors';
import {
  BYTES_PER_MIB,
  DEFAULT_MAX_CONCURRENT_EXECUTIONS,
  DEFAULT_MAX_EVENT_LOG_MB,
  DEFAULT_MAX_EVENTS_PER_EXECUTION,
  DEFAULT_MAX_RESULT_BYTES,
  type Collect,
  type StartRequest,
  isTerminalStatus,
} from '../../model';
import { type ExecutionServiceOptions } from './execution-service-options';
import { type ExecutionRecord } from './execution-record';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore } from '../storage';
import { InvalidCursorError } from './invalid-cursor-error';
import { ExecutionAnnouncer } from './follow/execution-announcer';
import { type EventPage, type EventSlice, EventLogReader } from './follow/event-log-reader';
import { createPlacement } from './placement/placement';
import { LocalDispatcher, type RunDispatcher } from './placement/run-dispatcher';
import { RunControl } from './placement/run-control';
import { type Recovered, RunRecovery } from './recovery/run-recovery';
import { StoredEnding } from './recovery/stored-ending';
import { currentRecord, executionNotFound } from './run/current-record';
import { type ExecutionRun } from './run/execution-run';
import { RunLauncher } from './run/run-launcher';
import { checkCollect } from './start/collect-check';
import { type GraphCheck, checkGraph } from './start/graph-check';
import { ActiveExecutionLimit } from './start/active-execution-limit';
import { ExecutionStarter, type StartOutcome } from './start/execution-starter';
import { type StartDefaults } from './start-request';
import { silentLogger } from '../logger';
import { visibleWithin } from '../tenants';

export { type ExecutionServiceOptions } from './execution-service-options';
export { type StartOutcome } from './start/execution-starter';
export { type Recovered } from './recovery/run-recovery';
export { type EventPage, type EventSlice } from './follow/event-log-reader';

/** How long finished executions are kept: by age and by count; 0 turns a bound off. */
export interface RetentionPolicy {
  maxAgeMs: number;
  maxCount: number;
}

/**
 * Runs graphs as executions: validates and records them, runs them in the background on the engine (here or,
 * in a cluster, on whichever node takes them), keeps their state and event logs, and lets callers cancel, read
 * and follow them from any node. The face the transports call; each part does one thing: the starter takes start
 * requests, the placement decides where they run, each run owns its network and log, the reader and the
 * announcer serve those who follow, and the recovery ends what a stopped process left.
 */
export class ExecutionService {
  private readonly store: ExecutionStore;
  private readonly compiler: GraphCompiler;
  private readonly now: () => number;
  private readonly dispatcher: RunDispatcher;
  /** The runs of this node. Invariant: a run is here from its claim (or adoption) until its terminal event is logged or it is suspended. */
  private readonly owned = new Map<string, ExecutionRun>();
  private readonly announcer: ExecutionAnnouncer;
  private readonly starter: ExecutionStarter;
  private readonly control: RunControl;
  private readonly reader: EventLogReader;
  private readonly recovery: RunRecovery;

  constructor(private readonly options: ExecutionServiceOptions) {
    const { store, catalogue } = options;
    const owned = this.owned;
    const now = options.now ?? Date.now;
    const logger = options.logger ?? silentLogger;
    const nodeId = options.nodeId ?? 'local';
    const resumeInterruptedRuns = options.resumeInterruptedRuns ?? true;
    const get = (id: string) => currentRecord(owned, store, id);
    this.store = store;
    this.now = now;
    this.compiler = new GraphCompiler(catalogue, { defaultActorConfig: options.defaultActorConfig });
    this.dispatcher = options.dispatcher ?? new LocalDispatcher(options.maxConcurrentExecutions ?? DEFAULT_MAX_CONCURRENT_EXECUTIONS);
    const announcer = (this.announcer = new ExecutionAnnouncer(options.observers ?? [], options.webhooks, logger));
    const launcher = new RunLauncher(
      {
        catalogue,
        store,
        announcer,
        owned,
        now,
        nodeId,
        resumeInterruptedRuns,
        logger,
        logLimits: {
          maxEvents: options.maxEventsPerExecution ?? DEFAULT_MAX_EVENTS_PER_EXECUTION,
          maxBytes: options.maxEventLogBytes ?? DEFAULT_MAX_EVENT_LOG_MB * BYTES_PER_MIB,
        },
        maxResultBytes: options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
        defaultTimeoutMs: options.defaultTimeoutMs ?? 0,
        maxEventPayloadBytes: options.maxEventPayloadBytes,
        tenants: options.tenants,
        resolveConfig: options.resolveConfig,
        lookupSecret: options.lookupSecret,
        firingScope: options.firingScope,
      },
      this.compiler,
      nodeId,
    );
    const placement = createPlacement({ dispatcher: this.dispatcher, launcher, announcer, store, owned, nodeId, logger });
    const endings = new StoredEnding(store, announcer, launcher, now);
    this.starter = new ExecutionStarter({
      store,
      compiler: this.compiler,
      graphComponents: options.graphComponents,
      placement,
      owned,
      now,
      newId: options.newId ?? randomUUID,
      storageFull: options.storageFull,
      activeLimit: new ActiveExecutionLimit(store, options.tenants),
    });
    this.control = new RunControl({ store, owned, dispatcher: this.dispatcher, endings, nodeId, peers: options.peers, get });
    this.reader = new EventLogReader(store, owned, get);
    this.recovery = new RunRecovery({
      store,
      owned,
      placement,
      endings,
      nodeId,
      resumeInterruptedRuns,
      cancel: (id, reason) => this.control.cancel(id, reason),
    });
  }

  /**
   * {@link start}, resolving once the execution is written: what a transport acknowledges. New executions
   * are written in groups, one transaction per turn of the event loop, so many starts share one commit.
   * @throws AppError as `start` does
   */
  async startDurably(request: StartRequest, defaults: StartDefaults): Promise<StartOutcome> {
    const outcome = await this.starter.start(request, defaults);
    await this.store.written();
    return outcome;
  }

  /**
   * Validates a request and queues its execution; the record may be written on a later turn (see
   * {@link startDurably}). A request naming an execution id that exists answers that execution when it is the
   * same request (an idempotent retry).
   * @throws AppError VALIDATION_FAILED for an invalid graph or input, CONFLICT for an id reused by another request, UNAVAILABLE while shutting down
   */
  start(request: StartRequest, defaults: StartDefaults): Promise<StartOutcome> {
    return this.starter.start(request, defaults);
  }

  /** Reads and checks the graph of a request, as a start of `tenant` would, without running it. */
  checkGraph(request: StartRequest, tenant?: string): GraphCheck {
    return checkGraph(request, this.compiler, this.options.graphComponents, tenant);
  }

  /**
   * Checks that `collect` names only outputs a run of `graph` reports, as a start does; `field` is where the request holds it.
   * @throws AppError VALIDATION_FAILED naming each unknown output
   */
  checkCollect(collect: Collect | undefined, graph: ValidGraph, field?: string): void {
    checkCollect(collect, graph, this.compiler, field);
  }

  /**
   * The execution `id`, as seen by a caller limited to the tenant `within` (undefined: one who sees every tenant's).
   * @throws AppError NOT_FOUND, for another tenant's execution too
   */
  get(id: string, within?: string): Promise<ExecutionRecord> {
    const found = currentRecord(this.owned, this.store, id);
    if (within === undefined) return found;
    return found.then((record) => (visibleWithin(record.tenant, within) ? record : Promise.reject(executionNotFound(id))));
  }

  /** Resolves when the execution `id` is one a caller limited to the tenant `within` may see. @throws AppError NOT_FOUND */
  private async checkVisible(id: string, within: string | undefined): Promise<void> {
    if (within !== undefined) await this.get(id, within);
  }

  /** @throws AppError VALIDATION_FAILED for a cursor the service did not issue */
  async list(query: ExecutionQuery): Promise<ExecutionPage> {
    try {
      return await this.store.list(query);
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw new AppError('VALIDATION_FAILED', error.message, { details: [{ path: 'cursor', message: error.message }] });
      throw error;
    }
  }

  /**
   * Cancels a queued or running execution, wherever it runs, and waits until it has stopped; a `reason` is kept
   * in its result's errors.
   * @throws AppError NOT_FOUND (for another tenant's too), or CONFLICT when it has already finished (its state is left as it was)
   */
  async cancel(id: string, reason?: string, within?: string): Promise<ExecutionRecord> {
    await this.checkVisible(id, within);
    return this.control.cancel(id, reason);
  }

  /** Cancels a run of this node, for a cancel asked on another node; resolves once it has stopped and its end is written. */
  cancelHere(id: string, reason: string | undefined): Promise<void> {
    return this.control.cancelHere(id, reason);
  }

  /**
   * Deletes a finished execution and its event log; its id then answers 404.
   * @throws AppError NOT_FOUND for an unknown id, CONFLICT while it is queued or running
   */
  async delete(id: string, within?: string): Promise<void> {
    const record = await this.get(id, within);
    if (!isTerminalStatus(record.status)) throw new AppError('CONFLICT', `Execution '${id}' is ${record.status}; cancel it before deleting it`);
    await this.store.delete(id);
  }

  /** Deletes the finished executions older than `maxAgeMs` or beyond the newest `maxCount` (0 turns a bound off); returns how many went. */
  prune({ maxAgeMs, maxCount }: RetentionPolicy): Promise<number> {
    return this.store.prune({ endedBefore: maxAgeMs > 0 ? this.now() - maxAgeMs : undefined, keep: maxCount > 0 ? maxCount : undefined });
  }

  /** Deletes the `count` finished executions that ended first (what frees a data directory over its budget); returns how many went. */
  pruneOldest(count: number): Promise<number> {
    return this.store.prune({ oldest: count });
  }

  /**
   * Reads up to `limit` events from `fromSeq`. A full page that does not end with the terminal event says
   * `finished: false` without asking further: there is more to read either way.
   * @throws AppError NOT_FOUND (for another tenant's execution too)
   */
  readEvents(id: string, fromSeq: number, limit: number, within?: string): Promise<EventSlice> {
    // Followers read on every append: a caller of no tenant is answered without a check's promise turn.
    if (within === undefined) return this.reader.readEvents(id, fromSeq, limit);
    return this.checkVisible(id, within).then(() => this.reader.readEvents(id, fromSeq, limit));
  }

  /** Reads one page of up to `limit` events from `fromSeq`, and where the next page starts. @throws AppError NOT_FOUND */
  readEventPage(id: string, fromSeq: number, limit: number, within?: string): Promise<EventPage> {
    if (within === undefined) return this.reader.readEventPage(id, fromSeq, limit);
    return this.checkVisible(id, within).then(() => this.reader.readEventPage(id, fromSeq, limit));
  }

  /**
   * Calls `onAppend` after events are appended to an execution's log (by this node, or by another one of the
   * cluster), until the returned function is called. Read the log with {@link readEvents} from the last seq you
   * saw: nothing is missed or repeated. Check that the execution exists first: watching an unknown id only waits.
   */
  watch(id: string, onAppend: () => void): () => void {
    return this.announcer.watch(id, onAppend);
  }

  /**
   * Tells the watchers of an execution that another node appended to its log (`'*'`: of every execution, after
   * notifications may have been missed).
   */
  noticeAppended(id: string): void {
    if (id === '*') this.announcer.appendedAnywhere();
    else if (!this.owned.has(id)) this.announcer.appended(id);
  }

  /**
   * Calls `onLog` with each line the actors of an execution write with `ctx.log` (script output included),
   * secrets masked, until the returned function is called. Lines are not stored and reach the watchers of the
   * node that runs the execution only, and a run may write its first ones before `start` returns: watch the id
   * a start request names before starting it.
   */
  watchLogs(id: string, onLog: (entry: ActorLogEntry) => void): () => void {
    return this.announcer.watchLines(id, onLog);
  }

  /**
   * Sends a new configuration to one node of a running execution, wherever it runs; the actor sees it at its next firing.
   * @throws AppError NOT_FOUND (execution or node), CONFLICT when not running, VALIDATION_FAILED when the actor's schema rejects it
   */
  async updateNodeConfig(id: string, nodeId: string, config: JsonObject, within?: string): Promise<void> {
    await this.checkVisible(id, within);
    return this.control.updateNodeConfig(id, nodeId, config);
  }

  /** Gives one node of a run of this node a new configuration, for an update asked on another node. */
  updateNodeConfigHere(id: string, nodeId: string, config: JsonObject): ConfigUpdateOutcome {
    return this.control.updateNodeConfigHere(id, nodeId, config);
  }

  /**
   * Resumes the executions a previous process left unfinished, or marks them failed when they do not resume (see
   * `resume_interrupted_runs`): every queued or running one for a single node, only those that ran on this node's
   * id in a cluster (its queue outlives it). Returns how many went which way.
   */
  recoverInterrupted(): Promise<Recovered> {
    return this.recovery.recoverInterrupted();
  }

  /**
   * Takes over the running executions of a node that stopped: they resume here, or are marked failed with "node
   * <id> stopped" when they do not resume. The runs of this process are left alone: a node restarted under the same
   * id may have claimed new ones before it looks for those its previous process left.
   */
  recoverRunsOf(nodeId: string): Promise<Recovered> {
    return this.recovery.recoverRunsOf(nodeId);
  }

  /** Stops the runs of this node that another node took over while this one stalled; returns how many. */
  suspendTakenOver(): Promise<number> {
    return this.recovery.suspendTakenOver();
  }

  /** Executions waiting for a slot on this node and executions running on it now. */
  load(): { queued: number; running: number } {
    return this.dispatcher.load();
  }

  /** Why the service cannot take executions now (shutting down, a store or queue it cannot reach), or undefined when it can. */
  async notReadyReason(): Promise<string | undefined> {
    if (!this.starter.accepting) return 'The service is shutting down';
    return (await this.store.unavailableReason()) ?? (await this.dispatcher.unavailableReason());
  }

  /**
   * Stops accepting executions (starts answer UNAVAILABLE) and taking them from a cluster's queue, and lets running
   * ones finish for `graceMs`. Then those left that resume are suspended, for the next process to go on with, and
   * the others are cancelled with the reason {@link SHUTDOWN_REASON}, so that their records say why they ended.
   */
  async shutdown(graceMs = 5000): Promise<void> {
    this.starter.close();
    await this.dispatcher.close();
    await this.recovery.stopRuns(graceMs);
    await this.store.written();
    await this.options.webhooks?.close();
  }
}
