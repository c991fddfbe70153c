import { randomUUID } from 'node:crypto';
import {
  type ActorLogEntry,
  type Catalogue,
  type EngineEvent,
  type JsonObject,
  type Network,
  type TerminalEvent,
  type ValidGraph,
  type ConfigUpdateOutcome,
  GraphCompiler,
  createNetwork,
  isTerminalEvent,
  settleWithin,
} from '../engine';
import { AppError } from '../errors';
import { type ExecutionObserver } from './execution-observer';
import { type ExecutionRecord } from './execution-record';
import { type StartRequest, isTerminalStatus } from '../../model';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore } from '../storage';
import { InvalidCursorError } from './invalid-cursor-error';
import { resultWithoutRun } from './final-result';
import { requestFingerprint } from './request-fingerprint';
import { LocalDispatcher, type RunDispatcher } from './run-dispatcher';
import { type PeerNodes } from './peer-nodes';
import { statusOfTerminalEvent } from './terminal-status';
import { type StartDefaults, identifyingPart, workflowIdOf } from './start-request';
import { type GraphCheck, checkGraph, graphError } from './graph-check';
import { limitOutputs } from './result-limit';
import { SecretMask } from './secret-mask';
import { EventLogBudget } from './event-log-budget';
import { type WebhookNotifier } from './webhook-notifier';
import { type Logger, silentLogger } from '../logger';

/** What the execution service is built from. */
export interface ExecutionServiceOptions {
  catalogue: Catalogue;
  store: ExecutionStore;
  /** Epoch-milliseconds clock. @default Date.now */
  now?: () => number;
  /** Makes execution ids when a request has none. @default crypto.randomUUID */
  newId?: () => string;
  /** Executions running at once; later ones wait as `queued`. @default 16 */
  maxConcurrentExecutions?: number;
  /** Where written executions run. @default a {@link LocalDispatcher} of `maxConcurrentExecutions` slots */
  dispatcher?: RunDispatcher;
  /** The name of this node, recorded on the executions it runs. @default 'local' */
  nodeId?: string;
  /** How to reach the nodes that run other executions, in a cluster. */
  peers?: PeerNodes;
  /** Timeout of a run whose request sets none; 0 means none. @default 0 */
  defaultTimeoutMs?: number;
  /** Configuration every actor starts from. */
  defaultActorConfig?: JsonObject;
  /** An output of a run larger than this (as JSON) is kept as a marker text. @default 10 MiB */
  maxResultBytes?: number;
  /** Events a run logs, of every kind, before its further events are left out (counted in one EventsDropped); the terminal event and a reserve of failures are always logged. @default 100000 */
  maxEventsPerExecution?: number;
  /** Bytes of events (as JSON) a run logs before its further events are left out, as past `maxEventsPerExecution`. @default 64 MiB */
  maxEventLogBytes?: number;
  /** Why the data directory takes no new executions now (its budget is spent), or undefined when it does: starts then answer STORAGE_FULL. */
  storageFull?: () => string | undefined;
  /**
   * Resolves secret references in actor configuration, reporting each secret value it resolves through
   * `onSecret`: every one is masked (`***`) in what the run stores and emits.
   */
  resolveConfig?: (config: JsonObject, nodeId: string, onSecret: (value: string) => void) => JsonObject;
  /** Looks up a named secret for actors that read one (`ctx.secret`); each value answered is masked like a resolved reference. */
  lookupSecret?: (name: string) => string | undefined;
  /** Event payloads longer than this (JSON characters) are truncated. @default 65536 */
  maxEventPayloadBytes?: number;
  /** Followers of every execution (the IDE event bridge). */
  observers?: readonly ExecutionObserver[];
  /** Sends the final state to `metadata.webhook_url`. */
  webhooks?: WebhookNotifier;
  logger?: Logger;
}

/** The answer to a start request: the execution, and whether this request created it. */
export interface StartOutcome {
  execution: ExecutionRecord;
  created: boolean;
}

/** A slice of an execution's event log. */
export interface EventSlice {
  events: EngineEvent[];
  /** The seq of the last event logged so far. */
  lastSeq: number;
  /** Whether the log is known complete (its terminal event is written). */
  finished: boolean;
}

/** The events a run logs in full when the server sets no other limit. */
const DEFAULT_MAX_EVENTS = 100_000;

/** The bytes of events a run logs in full when the server sets no other limit. */
const DEFAULT_MAX_EVENT_LOG_BYTES = 64 * 1024 * 1024;

/** The largest output a run keeps when the server sets no other limit. */
const DEFAULT_MAX_RESULT_BYTES = 10 * 1024 * 1024;

/** How long finished executions are kept: by age and by count; 0 turns a bound off. */
export interface RetentionPolicy {
  maxAgeMs: number;
  maxCount: number;
}

/** A page of an execution's event log, as a client pages through it. */
export interface EventPage {
  events: EngineEvent[];
  /** The seq to ask for next, or null once the log is complete and fully read. */
  nextSeq: number | null;
}

/** The error a run cancelled by a shutdown of the service ends with. */
export const SHUTDOWN_REASON = 'shutdown: the service stopped before the run ended';

/** The error of the executions a node left running when it stopped (a restart, or a cluster node found dead). */
export function nodeStoppedMessage(nodeId: string): string {
  return `node ${nodeId} stopped`;
}

/** The error of the executions a single node left queued or running when it stopped. */
const INTERRUPTED_MESSAGE = 'The server stopped while this execution was running';

/** An execution this node runs, from its claim until its terminal event is logged. */
interface OwnedRun {
  record: ExecutionRecord;
  lastSeq: number;
  /** Which events the run logs; those left out are counted in one EventsDropped event before the terminal one. */
  log: EventLogBudget;
  /** The secrets the run has resolved, masked in all it records. */
  mask: SecretMask;
  network?: Network;
  done?: Promise<void>;
}

/**
 * Runs graphs as executions: validates and records them, runs them in the background on the engine (here or,
 * in a cluster, on whichever node takes them), keeps their state and event logs, and lets callers cancel, read
 * and follow them from any node.
 */
export class ExecutionService {
  private readonly store: ExecutionStore;
  private readonly catalogue: Catalogue;
  private readonly compiler: GraphCompiler;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly dispatcher: RunDispatcher;
  private readonly nodeId: string;
  /** The runs of this node. Invariant: a run is here from its claim until its terminal event is logged. */
  private readonly owned = new Map<string, OwnedRun>();
  /** Validated graphs of executions started here that will run here, so that they are not compiled twice. */
  private readonly compiled = new Map<string, ValidGraph>();
  /** Starts naming an id, chained so that two requests for one id are answered one after the other. */
  private readonly starting = new Map<string, Promise<StartOutcome>>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly logWatchers = new Map<string, Set<(entry: ActorLogEntry) => void>>();
  private readonly logger: Logger;
  private accepting = true;

  constructor(private readonly options: ExecutionServiceOptions) {
    this.store = options.store;
    this.catalogue = options.catalogue;
    this.compiler = new GraphCompiler(options.catalogue, { defaultActorConfig: options.defaultActorConfig });
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.dispatcher = options.dispatcher ?? new LocalDispatcher(options.maxConcurrentExecutions ?? 16);
    this.nodeId = options.nodeId ?? 'local';
    this.logger = options.logger ?? silentLogger;
    this.dispatcher.open((id) => this.runHere(id));
  }

  /**
   * {@link start}, resolving once the execution is written: what a transport acknowledges. New executions
   * are written in groups, one transaction per turn of the event loop, so many starts share one commit.
   * @throws AppError as `start` does
   */
  async startDurably(request: StartRequest, defaults: StartDefaults): Promise<StartOutcome> {
    const outcome = await this.start(request, defaults);
    await this.store.written();
    return outcome;
  }

  /**
   * Validates a request and queues its execution; the record may be written on a later turn (see
   * {@link startDurably}). A request naming an execution id that exists answers that execution when it is the
   * same request (an idempotent retry).
   * @throws AppError VALIDATION_FAILED for an invalid graph or input, CONFLICT for an id reused by another request, UNAVAILABLE while shutting down
   */
  async start(request: StartRequest, defaults: StartDefaults): Promise<StartOutcome> {
    if (!this.accepting) throw new AppError('UNAVAILABLE', 'The service is shutting down and accepts no new executions');
    const fingerprint = requestFingerprint(identifyingPart(request));
    const givenId = request.metadata.execution_id;
    if (givenId === undefined) return this.create(this.newId(), request, fingerprint, defaults);
    const earlier = this.starting.get(givenId) ?? Promise.resolve(undefined);
    const attempt = earlier.catch(() => undefined).then(() => this.startOnce(givenId, request, fingerprint, defaults));
    this.starting.set(givenId, attempt);
    try {
      return await attempt;
    } finally {
      if (this.starting.get(givenId) === attempt) this.starting.delete(givenId);
    }
  }

  private async startOnce(id: string, request: StartRequest, fingerprint: string, defaults: StartDefaults): Promise<StartOutcome> {
    const existing = this.owned.get(id)?.record ?? (await this.store.get(id));
    if (existing) {
      if (existing.fingerprint === fingerprint) return { execution: existing, created: false };
      throw new AppError('CONFLICT', `Execution '${id}' already exists with a different request`);
    }
    return this.create(id, request, fingerprint, defaults);
  }

  private create(id: string, request: StartRequest, fingerprint: string, defaults: StartDefaults): StartOutcome {
    const full = this.options.storageFull?.();
    if (full !== undefined) throw new AppError('STORAGE_FULL', full);
    const check = this.checkGraph(request);
    const { graph, graphJson } = check;
    if (graph === undefined || graphJson === undefined) throw graphError(check);
    const stored = { graph_json: graphJson, ...(request.graph_fbp === undefined ? {} : { graph_fbp: request.graph_fbp }), input: request.input, metadata: { ...request.metadata } };
    const record: ExecutionRecord = {
      id,
      status: 'queued',
      workflowId: workflowIdOf(stored),
      source: request.metadata.source ?? defaults.source,
      nodeId: null,
      fingerprint,
      request: stored,
      result: null,
      createdAt: this.now(),
      startedAt: null,
      endedAt: null,
    };
    this.store.insert(record);
    // In a cluster the node that claims the execution tells its observers: they follow the runs of their node.
    if (this.dispatcher.local) this.eachObserver((o) => o.onAccepted?.(record));
    if (this.dispatcher.local) {
      this.compiled.set(id, graph);
      this.dispatcher.dispatch(id);
    } else if (defaults.here === true) {
      this.compiled.set(id, graph);
      this.store.written().then(
        () => this.runHere(id),
        (error: unknown) => this.logger.error({ err: error, executionId: id }, 'Could not write an execution to run here'),
      );
    } else this.dispatcher.dispatch(id);
    return { execution: { ...record }, created: true };
  }

  /** @throws AppError NOT_FOUND */
  async get(id: string): Promise<ExecutionRecord> {
    const owned = this.owned.get(id);
    if (owned) return { ...owned.record };
    const record = await this.store.get(id);
    if (!record) throw new AppError('NOT_FOUND', `Execution '${id}' not found`);
    return record;
  }

  /** @throws AppError VALIDATION_FAILED for a cursor the service did not issue */
  async list(query: ExecutionQuery): Promise<ExecutionPage> {
    try {
      return await this.store.list(query);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new AppError('VALIDATION_FAILED', error.message, { details: [{ path: 'cursor', message: error.message }] });
      throw error;
    }
  }

  /**
   * Cancels a queued or running execution, wherever it runs, and waits until it has stopped; a `reason` is kept
   * in its result's errors.
   * @throws AppError NOT_FOUND, or CONFLICT when it has already finished (its state is left as it was)
   */
  async cancel(id: string, reason?: string): Promise<ExecutionRecord> {
    const record = await this.get(id);
    if (isTerminalStatus(record.status)) {
      throw new AppError('CONFLICT', `Execution '${id}' has already finished with status '${record.status}'`);
    }
    if (record.status === 'queued') {
      this.dispatcher.withdraw(id);
      const message = reason ?? 'Execution cancelled before it started';
      const ended = await this.concludeHere(id, { status: 'queued' }, (queued, lastSeq) => {
        const endedAt = this.now();
        return { _type: 'Cancelled', seq: lastSeq + 1, timestamp: endedAt, result: resultWithoutRun(queued, endedAt, message) };
      });
      // A node claimed it meanwhile: it is running now, and is stopped as a running one.
      if (ended) return this.get(id);
    }
    await this.stopRun(id, reason);
    const after = await this.get(id);
    if (after.status !== 'cancelled') throw new AppError('CONFLICT', `Execution '${id}' finished with status '${after.status}' before it could be cancelled`);
    return after;
  }

  /** Cancels a run of this node, for a cancel asked on another node; resolves once it has stopped and its end is written. */
  async cancelHere(id: string, reason: string | undefined): Promise<void> {
    const run = this.owned.get(id);
    if (run?.network) {
      run.network.cancel(reason);
      await run.done;
    }
    await this.store.written();
  }

  // A run claimed by this node has its network from the turn its claim resolved; one claimed elsewhere is asked
  // to stop through its node.
  private async stopRun(id: string, reason: string | undefined): Promise<void> {
    const run = this.owned.get(id);
    if (run?.network) {
      run.network.cancel(reason);
      await run.done;
      return;
    }
    const record = await this.get(id);
    if (record.status !== 'running' || record.nodeId === null) return;
    if (record.nodeId === this.nodeId) {
      await new Promise((resolve) => setImmediate(resolve));
      const claimed = this.owned.get(id);
      if (claimed?.network) claimed.network.cancel(reason);
      await claimed?.done;
      return;
    }
    if (this.options.peers) await this.options.peers.cancel(record.nodeId, id, reason);
  }

  /**
   * Deletes a finished execution and its event log; its id then answers 404.
   * @throws AppError NOT_FOUND for an unknown id, CONFLICT while it is queued or running
   */
  async delete(id: string): Promise<void> {
    const record = await this.get(id);
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
   * @throws AppError NOT_FOUND
   */
  async readEvents(id: string, fromSeq: number, limit: number): Promise<EventSlice> {
    const events = await this.store.readEvents(id, fromSeq, limit);
    const last = events[events.length - 1];
    if (last !== undefined && isTerminalEvent(last)) return { events, lastSeq: last.seq, finished: true };
    const run = this.owned.get(id);
    if (run) return { events, lastSeq: run.lastSeq, finished: false };
    if (events.length === limit) return { events, lastSeq: await this.store.lastSeq(id), finished: false };
    const record = await this.get(id);
    return { events, lastSeq: await this.store.lastSeq(id), finished: isTerminalStatus(record.status) };
  }

  /** Reads one page of up to `limit` events from `fromSeq`, and where the next page starts. @throws AppError NOT_FOUND */
  async readEventPage(id: string, fromSeq: number, limit: number): Promise<EventPage> {
    const slice = await this.readEvents(id, fromSeq, limit);
    const last = slice.events[slice.events.length - 1];
    const nextSeq = last ? last.seq + 1 : fromSeq;
    const complete = slice.finished && nextSeq > slice.lastSeq;
    return { events: slice.events, nextSeq: complete ? null : nextSeq };
  }

  /**
   * Calls `onAppend` after events are appended to an execution's log (by this node, or by another one of the
   * cluster), until the returned function is called. Read the log with {@link readEvents} from the last seq you
   * saw: nothing is missed or repeated. Check that the execution exists first: watching an unknown id only waits.
   */
  watch(id: string, onAppend: () => void): () => void {
    return listen(this.watchers, id, onAppend);
  }

  /**
   * Tells the watchers of an execution that another node appended to its log (`'*'`: of every execution, after
   * notifications may have been missed).
   */
  noticeAppended(id: string): void {
    if (id === '*') {
      for (const set of [...this.watchers.values()]) for (const onAppend of [...set]) onAppend();
      return;
    }
    if (this.owned.has(id)) return;
    for (const onAppend of this.watchers.get(id) ?? []) onAppend();
  }

  /**
   * Calls `onLog` with each line the actors of an execution write with `ctx.log` (script output included),
   * secrets masked, until the returned function is called. Lines are not stored and reach the watchers of the
   * node that runs the execution only, and a run may write its first ones before `start` returns: watch the id
   * a start request names before starting it.
   */
  watchLogs(id: string, onLog: (entry: ActorLogEntry) => void): () => void {
    return listen(this.logWatchers, id, onLog);
  }

  /**
   * Sends a new configuration to one node of a running execution, wherever it runs; the actor sees it at its next firing.
   * @throws AppError NOT_FOUND (execution or node), CONFLICT when not running, VALIDATION_FAILED when the actor's schema rejects it
   */
  async updateNodeConfig(id: string, nodeId: string, config: JsonObject): Promise<void> {
    const outcome = await this.configOutcome(id, nodeId, config);
    if (outcome.ok) return;
    if (outcome.reason === 'unknown-node') throw new AppError('NOT_FOUND', `Node '${nodeId}' not found in execution '${id}'`);
    if (outcome.reason === 'not-running') throw new AppError('CONFLICT', `Execution '${id}' is no longer running`);
    throw new AppError('VALIDATION_FAILED', `Invalid configuration for node '${nodeId}': ${outcome.issues.join('; ')}`, {
      details: outcome.issues.map((message) => ({ path: 'config', message })),
    });
  }

  /** Gives one node of a run of this node a new configuration, for an update asked on another node. */
  updateNodeConfigHere(id: string, nodeId: string, config: JsonObject): ConfigUpdateOutcome {
    const network = this.owned.get(id)?.network;
    return network ? network.updateNodeConfig(nodeId, config) : { ok: false, reason: 'not-running', issues: [] };
  }

  private async configOutcome(id: string, nodeId: string, config: JsonObject): Promise<ConfigUpdateOutcome> {
    const run = this.owned.get(id);
    if (run?.network) return run.network.updateNodeConfig(nodeId, config);
    const record = await this.get(id);
    if (record.status !== 'running') throw new AppError('CONFLICT', `Execution '${id}' is ${record.status}, not running`);
    if (record.nodeId !== null && record.nodeId !== this.nodeId && this.options.peers) return this.options.peers.updateNodeConfig(record.nodeId, id, nodeId, config);
    return { ok: false, reason: 'not-running', issues: [] };
  }

  /**
   * Marks the executions a previous process left unfinished as failed, and returns how many: every queued or
   * running one for a single node, only those that ran on this node's id in a cluster (its queue outlives it).
   */
  async recoverInterrupted(): Promise<number> {
    if (!this.dispatcher.local) return this.failRunsOf(this.nodeId);
    let failed = 0;
    for (const record of await this.store.listUnfinished()) if (await this.failStopped(record, INTERRUPTED_MESSAGE)) failed += 1;
    return failed;
  }

  /**
   * Marks the running executions of a node that stopped as failed with "node <id> stopped"; returns how many.
   * The runs of this process are left alone: a node restarted under the same id may have claimed new ones
   * before it looks for those its previous process left.
   */
  async failRunsOf(nodeId: string): Promise<number> {
    let failed = 0;
    for (const record of await this.store.listUnfinished(nodeId)) {
      if (!this.owned.has(record.id) && (await this.failStopped(record, nodeStoppedMessage(nodeId)))) failed += 1;
    }
    return failed;
  }

  private failStopped(record: ExecutionRecord, message: string): Promise<boolean> {
    const expected = { status: record.status === 'queued' ? ('queued' as const) : ('running' as const), ...(record.nodeId === null ? {} : { nodeId: record.nodeId }) };
    return this.concludeHere(record.id, expected, (current, lastSeq) => {
      const endedAt = this.now();
      return { _type: 'Failed', seq: lastSeq + 1, timestamp: endedAt, error: message, result: resultWithoutRun(current, endedAt, message) };
    });
  }

  // Ends an execution through the store's atomic conclude; the node that succeeds tells the observers and watchers.
  private async concludeHere(id: string, expected: { status: 'queued' | 'running'; nodeId?: string }, end: (record: ExecutionRecord, lastSeq: number) => TerminalEvent): Promise<boolean> {
    let event: TerminalEvent | undefined;
    const ended = await this.store.conclude(id, expected, (record, lastSeq) => (event = end(record, lastSeq)));
    this.compiled.delete(id);
    if (!ended || event === undefined) return false;
    const record = await this.store.get(id);
    if (record) this.announce(record, event);
    return true;
  }

  /** Executions waiting for a slot on this node and executions running on it now. */
  load(): { queued: number; running: number } {
    return this.dispatcher.load();
  }

  /** Why the service cannot take executions now (shutting down, a store or queue it cannot reach), or undefined when it can. */
  async notReadyReason(): Promise<string | undefined> {
    if (!this.accepting) return 'The service is shutting down';
    return (await this.store.unavailableReason()) ?? (await this.dispatcher.unavailableReason());
  }

  /**
   * Stops accepting executions (starts answer UNAVAILABLE) and taking them from a cluster's queue, lets running
   * ones finish for `graceMs`, then cancels the rest with the reason {@link SHUTDOWN_REASON}, so that their
   * records say why they ended.
   */
  async shutdown(graceMs = 5000): Promise<void> {
    this.accepting = false;
    await this.dispatcher.close();
    await settleWithin([...this.owned.values()].map((run) => run.done ?? Promise.resolve()), graceMs);
    const left = this.dispatcher.local ? (await this.store.listUnfinished()).map((record) => record.id) : [...this.owned.keys()];
    for (const id of left) await this.cancel(id, SHUTDOWN_REASON).catch(() => undefined);
    await this.store.written();
    await this.options.webhooks?.close();
  }

  /** Reads and checks the graph of a request, as a start would, without running it. */
  checkGraph(request: StartRequest): GraphCheck {
    return checkGraph(request, this.compiler);
  }

  // Claims a queued execution for this node and runs it; resolves once it has ended. An execution cancelled or
  // claimed elsewhere first is left alone.
  private async runHere(id: string): Promise<void> {
    const record = await this.store.claim(id, this.nodeId, this.now());
    const compiled = this.compiled.get(id);
    this.compiled.delete(id);
    if (!record) return;
    const log = new EventLogBudget({
      maxEvents: this.options.maxEventsPerExecution ?? DEFAULT_MAX_EVENTS,
      maxBytes: this.options.maxEventLogBytes ?? DEFAULT_MAX_EVENT_LOG_BYTES,
    });
    const run: OwnedRun = { record, lastSeq: 0, log, mask: new SecretMask() };
    this.owned.set(id, run);
    if (!this.dispatcher.local) this.eachObserver((o) => o.onAccepted?.(record));
    const graph = compiled ?? this.checkGraph(record.request).graph;
    if (graph === undefined) {
      this.record(run, this.failedEvent(run, 'The graph of this execution no longer validates on this node'));
      return;
    }
    const network = this.createNetwork(run, graph);
    run.network = network;
    run.done = network.run().then(
      () => undefined,
      (error: unknown) => this.logger.error({ err: error, executionId: id }, 'Network run rejected'),
    );
    await run.done;
    if (this.owned.get(id) === run) this.append(run, this.failedEvent(run, 'The run ended without a result'));
    if (!this.dispatcher.local) await this.store.written();
  }

  private failedEvent(run: OwnedRun, message: string): TerminalEvent {
    const endedAt = this.now();
    return { _type: 'Failed', seq: run.lastSeq + 1, timestamp: endedAt, error: message, result: resultWithoutRun(run.record, endedAt, message) };
  }

  private createNetwork(run: OwnedRun, graph: ValidGraph): Network {
    const { record, mask } = run;
    const resolve = this.options.resolveConfig;
    return createNetwork(graph, this.catalogue, {
      executionId: record.id,
      workflowId: record.workflowId,
      input: record.request.input,
      timeoutMs: record.request.metadata.timeout_ms ?? this.options.defaultTimeoutMs ?? 0,
      defaultActorConfig: this.options.defaultActorConfig,
      resolveConfig: resolve && ((config, nodeId) => resolve(config, nodeId, (value) => mask.add(value))),
      secret: (name) => {
        const value = this.options.lookupSecret?.(name);
        if (value !== undefined) mask.add(value);
        return value;
      },
      // The metadata came in as JSON (a request body or a stored row), so it is JSON.
      metadata: record.request.metadata as JsonObject,
      maxEventPayloadBytes: this.options.maxEventPayloadBytes,
      now: this.now,
      onEvent: (event) => this.append(run, event),
      log: (entry) => {
        for (const onLog of this.logWatchers.get(record.id) ?? []) onLog({ ...entry, message: mask.text(entry.message) });
      },
    });
  }

  /**
   * Logs an event of a run, unless its log is full (see {@link EventLogBudget}): the events left out are
   * counted, and the count is logged as one EventsDropped event just before the terminal event. Seqs stay
   * gapless: once an event was left out, every later one is renumbered after the last one logged.
   */
  private append(run: OwnedRun, engineEvent: EngineEvent): void {
    const { log, lastSeq } = run;
    if (!log.admit(engineEvent)) return;
    const { dropped } = log;
    if (dropped > 0 && isTerminalEvent(engineEvent)) {
      this.record(run, { _type: 'EventsDropped', seq: lastSeq + 1, timestamp: engineEvent.timestamp, dropped });
      this.record(run, { ...engineEvent, seq: lastSeq + 2 });
      return;
    }
    this.record(run, dropped === 0 ? engineEvent : { ...engineEvent, seq: lastSeq + 1 });
  }

  private record(run: OwnedRun, given: EngineEvent): void {
    const id = run.record.id;
    const masked = run.mask.isEmpty ? given : (run.mask.apply(given as JsonObject) as unknown as EngineEvent);
    const event = isTerminalEvent(masked) ? { ...masked, result: limitOutputs(masked.result, this.options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES) } : masked;
    try {
      if (isTerminalEvent(event)) {
        const ended = { status: statusOfTerminalEvent(event), result: event.result, endedAt: this.now() };
        this.store.update(id, ended);
        run.record = { ...run.record, ...ended };
      }
      this.store.appendEvent(id, event);
      run.lastSeq = event.seq;
    } catch (error) {
      this.logger.error({ err: error, executionId: id, seq: event.seq }, 'Could not record an execution event');
      return;
    }
    if (isTerminalEvent(event)) this.owned.delete(id);
    this.announce(run.record, event);
  }

  // Tells the observers and the watchers of this node about an event logged here.
  private announce(record: ExecutionRecord, event: EngineEvent): void {
    this.eachObserver((o) => o.onEvent?.(record, event));
    for (const onAppend of this.watchers.get(record.id) ?? []) onAppend();
    if (isTerminalEvent(event)) this.finished(record);
  }

  private finished(record: ExecutionRecord): void {
    this.eachObserver((o) => o.onFinished?.(record));
    const url = record.request.metadata.webhook_url;
    if (typeof url === 'string' && this.options.webhooks) {
      void this.options.webhooks.notify(url, { execution_id: record.id, workflow_id: record.workflowId, status: record.status, result: record.result });
    }
  }

  private eachObserver(call: (observer: ExecutionObserver) => void): void {
    for (const observer of this.options.observers ?? []) {
      try {
        call(observer);
      } catch (error) {
        this.logger.warn({ err: error }, 'An execution observer threw');
      }
    }
  }
}

// Adds a listener to the set kept for an id; the returned function removes it, and the set once empty.
function listen<T>(sets: Map<string, Set<T>>, id: string, listener: T): () => void {
  let set = sets.get(id);
  if (!set) sets.set(id, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && sets.get(id) === set) sets.delete(id);
  };
}
