import { randomUUID } from 'node:crypto';
import {
  type ActorLogEntry,
  type Catalogue,
  type EngineEvent,
  type JsonObject,
  type Network,
  GraphCompiler,
  createNetwork,
  isTerminalEvent,
  isDroppableEvent,
  settleWithin,
} from '../engine';
import { AppError } from '../errors';
import { type ExecutionObserver } from './execution-observer';
import { type ExecutionRecord } from './execution-record';
import { type ExecutionStatus, type StartRequest, isTerminalStatus } from '../../model';
import { type ExecutionPage, type ExecutionQuery, type ExecutionStore, InvalidCursorError } from './execution-store';
import { resultWithoutRun } from './final-result';
import { requestFingerprint } from './request-fingerprint';
import { RunQueue } from './run-queue';
import { type StartDefaults, identifyingPart, workflowIdOf } from './start-request';
import { type GraphCheck, checkGraph, graphError } from './graph-check';
import { limitOutputs } from './result-limit';
import { SecretMask } from './secret-mask';
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
  /** Timeout of a run whose request sets none; 0 means none. @default 0 */
  defaultTimeoutMs?: number;
  /** Configuration every actor starts from. */
  defaultActorConfig?: JsonObject;
  /** An output of a run larger than this (as JSON) is kept as a marker text. @default 10 MiB */
  maxResultBytes?: number;
  /** Events a run logs before its further MessageSent and StreamChunk events are left out (counted in one EventsDropped). @default 100000 */
  maxEventsPerExecution?: number;
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
  /** Whether the log is complete (its terminal event is written). */
  finished: boolean;
}

/** The events a run logs in full when the server sets no other limit. */
const DEFAULT_MAX_EVENTS = 100_000;

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

const STATUS_OF_TERMINAL_EVENT = { Completed: 'completed', Failed: 'failed', Cancelled: 'cancelled' } as const satisfies Record<string, ExecutionStatus>;

/**
 * Runs graphs as executions: validates and records them, runs them in the background on the engine,
 * keeps their state and event logs, and lets callers cancel, read and follow them.
 */
export class ExecutionService {
  private readonly store: ExecutionStore;
  private readonly catalogue: Catalogue;
  private readonly compiler: GraphCompiler;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly queue: RunQueue;
  private readonly networks = new Map<string, { network: Network; done: Promise<void> }>();
  /** The secrets each running execution has resolved, masked in all it records. */
  private readonly masks = new Map<string, SecretMask>();
  /** The MessageSent events each running execution has left out past the event cap. */
  private readonly dropped = new Map<string, number>();
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
    this.queue = new RunQueue(options.maxConcurrentExecutions ?? 16);
    this.logger = options.logger ?? silentLogger;
  }

  /**
   * {@link start}, resolving once the execution is on disk: what a transport acknowledges. New executions
   * are written in groups, one transaction per turn of the event loop, so many starts share one commit.
   * @throws AppError as `start` does
   */
  async startDurably(request: StartRequest, defaults: StartDefaults): Promise<StartOutcome> {
    const outcome = this.start(request, defaults);
    await this.store.written();
    return outcome;
  }

  /**
   * Validates a request and starts its execution in the background; the record may reach the disk on a
   * later turn (see {@link startDurably}).
   * @throws AppError VALIDATION_FAILED for an invalid graph or input, CONFLICT for an id reused by another request, UNAVAILABLE while shutting down
   */
  start(request: StartRequest, defaults: StartDefaults): StartOutcome {
    if (!this.accepting) throw new AppError('UNAVAILABLE', 'The service is shutting down and accepts no new executions');
    const fingerprint = requestFingerprint(identifyingPart(request));
    const givenId = request.metadata.execution_id;
    if (givenId !== undefined) {
      const existing = this.store.get(givenId);
      if (existing) {
        if (existing.fingerprint === fingerprint) return { execution: existing, created: false };
        throw new AppError('CONFLICT', `Execution '${givenId}' already exists with a different request`);
      }
    }
    const check = this.checkGraph(request);
    const { graph, graphJson } = check;
    if (graph === undefined || graphJson === undefined) throw graphError(check);
    const stored = { graph_json: graphJson, ...(request.graph_fbp === undefined ? {} : { graph_fbp: request.graph_fbp }), input: request.input, metadata: { ...request.metadata } };
    const record: ExecutionRecord = {
      id: givenId ?? this.newId(),
      status: 'queued',
      workflowId: workflowIdOf(stored),
      source: request.metadata.source ?? defaults.source,
      fingerprint,
      request: stored,
      result: null,
      createdAt: this.now(),
      startedAt: null,
      endedAt: null,
    };
    this.store.insert(record);
    this.eachObserver((o) => o.onAccepted?.(record));
    const timeoutMs = request.metadata.timeout_ms ?? this.options.defaultTimeoutMs ?? 0;
    this.queue.push(record.id, () => this.run(record.id, graph, timeoutMs));
    return { execution: this.get(record.id), created: true };
  }

  /** @throws AppError NOT_FOUND */
  get(id: string): ExecutionRecord {
    const record = this.store.get(id);
    if (!record) throw new AppError('NOT_FOUND', `Execution '${id}' not found`);
    return record;
  }

  /** @throws AppError VALIDATION_FAILED for a cursor the service did not issue */
  list(query: ExecutionQuery): ExecutionPage {
    try {
      return this.store.list(query);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new AppError('VALIDATION_FAILED', error.message, { details: [{ path: 'cursor', message: error.message }] });
      throw error;
    }
  }

  /**
   * Cancels a queued or running execution and waits until it has stopped; a `reason` is kept in its result's errors.
   * @throws AppError NOT_FOUND, or CONFLICT when it has already finished (its state is left as it was)
   */
  async cancel(id: string, reason?: string): Promise<ExecutionRecord> {
    const record = this.get(id);
    if (isTerminalStatus(record.status)) {
      throw new AppError('CONFLICT', `Execution '${id}' has already finished with status '${record.status}'`);
    }
    if (this.queue.remove(id)) {
      const endedAt = this.now();
      this.append(id, { _type: 'Cancelled', seq: this.store.lastSeq(id) + 1, timestamp: endedAt, result: resultWithoutRun(record, endedAt, reason ?? 'Execution cancelled before it started') });
      return this.get(id);
    }
    const active = this.networks.get(id);
    if (active) {
      active.network.cancel(reason);
      await active.done;
    }
    const after = this.get(id);
    if (after.status !== 'cancelled') throw new AppError('CONFLICT', `Execution '${id}' finished with status '${after.status}' before it could be cancelled`);
    return after;
  }

  /**
   * Deletes a finished execution and its event log; its id then answers 404.
   * @throws AppError NOT_FOUND for an unknown id, CONFLICT while it is queued or running
   */
  delete(id: string): void {
    const record = this.get(id);
    if (!isTerminalStatus(record.status)) throw new AppError('CONFLICT', `Execution '${id}' is ${record.status}; cancel it before deleting it`);
    this.store.delete(id);
  }

  /** Deletes the finished executions older than `maxAgeMs` or beyond the newest `maxCount` (0 turns a bound off); returns how many went. */
  prune({ maxAgeMs, maxCount }: RetentionPolicy): number {
    return this.store.prune({ endedBefore: maxAgeMs > 0 ? this.now() - maxAgeMs : undefined, keep: maxCount > 0 ? maxCount : undefined });
  }

  /** Reads up to `limit` events from `fromSeq`. @throws AppError NOT_FOUND */
  readEvents(id: string, fromSeq: number, limit: number): EventSlice {
    const record = this.get(id);
    return { events: this.store.readEvents(id, fromSeq, limit), lastSeq: this.store.lastSeq(id), finished: isTerminalStatus(record.status) };
  }

  /** Reads one page of up to `limit` events from `fromSeq`, and where the next page starts. @throws AppError NOT_FOUND */
  readEventPage(id: string, fromSeq: number, limit: number): EventPage {
    const slice = this.readEvents(id, fromSeq, limit);
    const last = slice.events[slice.events.length - 1];
    const nextSeq = last ? last.seq + 1 : fromSeq;
    const complete = slice.finished && nextSeq > slice.lastSeq;
    return { events: slice.events, nextSeq: complete ? null : nextSeq };
  }

  /**
   * Calls `onAppend` after each event appended to an execution's log, until the returned function is called.
   * Read the log with {@link readEvents} from the last seq you saw: nothing is missed or repeated.
   * @throws AppError NOT_FOUND
   */
  watch(id: string, onAppend: () => void): () => void {
    this.get(id);
    return listen(this.watchers, id, onAppend);
  }

  /**
   * Calls `onLog` with each line the actors of an execution write with `ctx.log` (script output included),
   * secrets masked, until the returned function is called. Lines are not stored, and a run may write its first
   * ones before `start` returns: watch the id a start request names before starting it.
   */
  watchLogs(id: string, onLog: (entry: ActorLogEntry) => void): () => void {
    return listen(this.logWatchers, id, onLog);
  }

  /**
   * Sends a new configuration to one node of a running execution; the actor sees it at its next firing.
   * @throws AppError NOT_FOUND (execution or node), CONFLICT when not running, VALIDATION_FAILED when the actor's schema rejects it
   */
  updateNodeConfig(id: string, nodeId: string, config: JsonObject): void {
    const record = this.get(id);
    const active = this.networks.get(id);
    if (record.status !== 'running' || !active) throw new AppError('CONFLICT', `Execution '${id}' is ${record.status}, not running`);
    const outcome = active.network.updateNodeConfig(nodeId, config);
    if (outcome.ok) return;
    if (outcome.reason === 'unknown-node') throw new AppError('NOT_FOUND', `Node '${nodeId}' not found in execution '${id}'`);
    if (outcome.reason === 'not-running') throw new AppError('CONFLICT', `Execution '${id}' is no longer running`);
    throw new AppError('VALIDATION_FAILED', `Invalid configuration for node '${nodeId}': ${outcome.issues.join('; ')}`, {
      details: outcome.issues.map((message) => ({ path: 'config', message })),
    });
  }

  /** Marks executions a previous process left queued or running as failed; returns how many. */
  recoverInterrupted(): number {
    const unfinished = this.store.listUnfinished();
    for (const record of unfinished) {
      const endedAt = this.now();
      const message = 'The server stopped while this execution was running';
      const result = resultWithoutRun(record, endedAt, message);
      this.append(record.id, { _type: 'Failed', seq: this.store.lastSeq(record.id) + 1, timestamp: endedAt, error: message, result });
    }
    return unfinished.length;
  }

  /** Executions waiting for a free slot and executions running now. */
  load(): { queued: number; running: number } {
    return { queued: this.queue.pending, running: this.queue.running };
  }

  /** Why the service cannot take executions now (shutting down, or a store that takes no writes), or undefined when it can. */
  notReadyReason(): string | undefined {
    if (!this.accepting) return 'The service is shutting down';
    if (!this.store.isWritable()) return 'The execution store takes no writes';
    return undefined;
  }

  /**
   * Stops accepting executions (starts answer UNAVAILABLE), lets running ones finish for `graceMs`, then cancels
   * the rest with the reason {@link SHUTDOWN_REASON}, so that their records say why they ended.
   */
  async shutdown(graceMs = 5000): Promise<void> {
    this.accepting = false;
    await settleWithin([...this.networks.values()].map((a) => a.done), graceMs);
    for (const record of this.store.listUnfinished()) {
      await this.cancel(record.id, SHUTDOWN_REASON).catch(() => undefined);
    }
    await this.store.written();
    await this.options.webhooks?.close();
  }

  /** Reads and checks the graph of a request, as a start would, without running it. */
  checkGraph(request: StartRequest): GraphCheck {
    return checkGraph(request, this.compiler);
  }

  private async run(id: string, graph: Parameters<typeof createNetwork>[0], timeoutMs: number): Promise<void> {
    const record = this.get(id);
    if (record.status !== 'queued') return;
    this.store.update(id, { status: 'running', startedAt: this.now() });
    const mask = new SecretMask();
    this.masks.set(id, mask);
    const resolve = this.options.resolveConfig;
    const network = createNetwork(graph, this.catalogue, {
      executionId: id,
      workflowId: record.workflowId,
      input: record.request.input,
      timeoutMs,
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
      onEvent: (event) => this.append(id, event),
      log: (entry) => {
        for (const onLog of this.logWatchers.get(id) ?? []) onLog({ ...entry, message: mask.text(entry.message) });
      },
    });
    const done = network.run().then(
      () => undefined,
      (error: unknown) => this.logger.error({ err: error, executionId: id }, 'Network run rejected'),
    );
    this.networks.set(id, { network, done });
    await done;
    this.networks.delete(id);
    this.masks.delete(id);
    this.dropped.delete(id);
  }

  /**
   * Logs an event of a run. Past `maxEventsPerExecution` events, MessageSent events are left out and counted;
   * the count is logged as one EventsDropped event just before the terminal event. Seqs stay gapless: every
   * later event is renumbered by what was left out.
   */
  private append(id: string, engineEvent: EngineEvent): void {
    const dropped = this.dropped.get(id) ?? 0;
    const lastSeq = this.store.lastSeq(id);
    if (isDroppableEvent(engineEvent) && lastSeq >= (this.options.maxEventsPerExecution ?? DEFAULT_MAX_EVENTS)) {
      this.dropped.set(id, dropped + 1);
      return;
    }
    if (dropped > 0 && isTerminalEvent(engineEvent)) {
      this.dropped.delete(id);
      this.record(id, { _type: 'EventsDropped', seq: lastSeq + 1, timestamp: engineEvent.timestamp, dropped });
      this.record(id, { ...engineEvent, seq: lastSeq + 2 });
      return;
    }
    this.record(id, dropped === 0 ? engineEvent : { ...engineEvent, seq: lastSeq + 1 });
  }

  private record(id: string, given: EngineEvent): void {
    const mask = this.masks.get(id);
    const masked = mask === undefined || mask.isEmpty ? given : (mask.apply(given as JsonObject) as unknown as EngineEvent);
    const event = isTerminalEvent(masked) ? { ...masked, result: limitOutputs(masked.result, this.options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES) } : masked;
    try {
      if (isTerminalEvent(event)) {
        this.store.update(id, { status: STATUS_OF_TERMINAL_EVENT[event._type], result: event.result, endedAt: this.now() });
      }
      this.store.appendEvent(id, event);
    } catch (error) {
      this.logger.error({ err: error, executionId: id, seq: event.seq }, 'Could not record an execution event');
      return;
    }
    const record = this.store.get(id);
    if (record) this.eachObserver((o) => o.onEvent?.(record, event));
    for (const onAppend of this.watchers.get(id) ?? []) onAppend();
    if (record && isTerminalEvent(event)) this.finished(record);
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
