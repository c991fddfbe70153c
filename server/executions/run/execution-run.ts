import {
  type ConfigUpdateOutcome,
  type EngineEvent,
  type JsonObject,
  type Network,
  type TerminalEvent,
  type ValidGraph,
  createNetwork,
  isTerminalEvent,
} from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { resultWithoutRun } from '../final-result';
import { limitOutputs, oversizedOutput } from '../result-limit';
import { statusOfTerminalEvent } from '../terminal-status';
import { EventLogBudget } from './event-log-budget';
import { type UnnumberedEvent, nextInLog } from './log-seq';
import { type RunEnvironment, logLimitsOf } from './run-environment';
import { RunJournal } from './run-journal';
import { isResumable } from './resumable';
import { type ResumePoint } from '../recovery/resume-point';
import { SecretMask } from './secret-mask';

/**
 * One execution this node runs, from its claim until its terminal event is logged: it alone builds and runs the
 * execution's network, numbers and logs its events (masking the secrets the run resolved, within the run's event
 * and byte budget), keeps its firing journal, applies its timeout and cancels it. It registers itself among the
 * node's runs when made and leaves once its terminal event is logged, or once it is suspended.
 *
 * A run made from a {@link ResumePoint} goes on where a stopped process left it: it logs ExecutionResumed after the
 * last event, its network replays the journal, and the events that network repeats are not logged again.
 */
export class ExecutionRun {
  private current: ExecutionRecord;
  /** The seq of the last event logged. */
  private last = 0;
  private ended = false;
  /** Which events the run logs; those left out are counted in one EventsDropped event before the terminal one. */
  private readonly budget: EventLogBudget;
  /** The secrets the run has resolved, masked in all it records and emits. */
  private readonly mask = new SecretMask();
  private network: Network | undefined;
  private stopped: Promise<void> | undefined;
  /** Set once the run is suspended: it logs nothing more, and its record stays running for a later process to resume. */
  private suspended = false;

  /** Makes the run of an execution this node has just claimed or adopted (its record says `running` here). */
  constructor(
    record: ExecutionRecord,
    private readonly env: RunEnvironment,
    private readonly resumed?: ResumePoint,
  ) {
    this.current = record;
    this.budget = new EventLogBudget(logLimitsOf(env, record.tenant), resumed && { events: resumed.lastSeq, bytes: resumed.loggedBytes });
    this.last = resumed?.lastSeq ?? 0;
    env.owned.set(record.id, this);
  }

  /** The execution as this run knows it: running, then ended with its result. */
  get record(): ExecutionRecord {
    return this.current;
  }

  /** The seq of the last event logged so far. */
  get lastSeq(): number {
    return this.last;
  }

  /** Whether its network exists: from then on it can be cancelled and its nodes reconfigured. */
  get started(): boolean {
    return this.network !== undefined;
  }

  /**
   * Runs the graph (undefined when it no longer validates, which fails the run) until the network stops, and
   * makes sure the run has ended: a network that stopped without a terminal event fails it.
   */
  async run(graph: ValidGraph | undefined): Promise<void> {
    if (graph === undefined) return this.end(this.failure('The graph of this execution no longer validates on this node'));
    const journal = this.journaled ? new RunJournal(this.current.id, this.env.store, this.resumed?.journal) : undefined;
    if (this.resumed !== undefined)
      this.write({ _type: 'ExecutionResumed', timestamp: this.env.now(), nodeId: this.env.nodeId, journaled: journal?.recorded ?? 0 });
    const network = this.createNetwork(graph, journal);
    this.network = network;
    this.stopped = network.run().then(
      () => undefined,
      (error: unknown) => this.env.logger.error({ err: error, executionId: this.current.id }, 'Network run rejected'),
    );
    await this.stopped;
    if (!this.ended && !this.suspended) this.end(this.failure('The run ended without a result'));
  }

  /**
   * Stops the network without ending the execution: nothing more is logged, the record stays running here, and a
   * process that starts later resumes it (a shutdown whose grace ran out, or a run another node took over).
   * Resolves once the network has stopped.
   */
  async suspend(): Promise<void> {
    if (this.ended || this.suspended) return;
    this.suspended = true;
    this.env.owned.delete(this.current.id);
    this.network?.cancel();
    await this.stopped;
  }

  /** Whether the run keeps a firing journal: when it would resume after a crash. */
  private get journaled(): boolean {
    return isResumable(this.current, this.env.resumeInterruptedRuns);
  }

  /** Cancels the network, a `reason` kept in the result's errors, and resolves once it has stopped; nothing before it started. */
  async cancel(reason: string | undefined): Promise<void> {
    if (this.network === undefined) return;
    this.network.cancel(reason);
    await this.stopped;
  }

  /** Settles once the network has stopped; at once when it never started. */
  settled(): Promise<void> {
    return this.stopped ?? Promise.resolve();
  }

  /** Gives one node a new configuration, which its actor sees at its next firing. */
  updateNodeConfig(nodeId: string, config: JsonObject): ConfigUpdateOutcome {
    return this.network ? this.network.updateNodeConfig(nodeId, config) : { ok: false, reason: 'not-running', issues: [] };
  }

  private createNetwork(graph: ValidGraph, journal: RunJournal | undefined): Network {
    const { current: record, mask, env, resumed } = this;
    const { resolveConfig, lookupSecret, announcer } = env;
    const timeoutMs = record.request.metadata.timeout_ms ?? env.defaultTimeoutMs;
    const startedAt = record.startedAt ?? undefined;
    // A resumed run has the time its timeout left when it stopped, and at least a moment to log that it timed out.
    const spent = resumed === undefined || startedAt === undefined ? 0 : Math.max(0, resumed.lastEventAt - startedAt);
    return createNetwork(graph, env.catalogue, {
      executionId: record.id,
      workflowId: record.workflowId,
      input: record.request.input,
      timeoutMs: timeoutMs > 0 ? Math.max(1, timeoutMs - spent) : timeoutMs,
      journal,
      startedAt: resumed === undefined ? undefined : startedAt,
      // The record read back from the store carries the tenant, so a resumed or adopted run resolves as its start did.
      resolveConfig: resolveConfig && ((config, nodeId) => resolveConfig(config, nodeId, (value) => mask.add(value), record.tenant)),
      secret: (name) => {
        const value = lookupSecret?.(name, record.tenant);
        if (value !== undefined) mask.add(value);
        return value;
      },
      // The metadata came in as JSON (a request body or a stored row), so it is JSON.
      metadata: record.request.metadata as JsonObject,
      // A collected output holds at most what one output may take in the result, so that an endless stream cannot fill the memory.
      collect: record.request.collect && {
        outputs: record.request.collect,
        maxBytes: env.maxResultBytes,
        tooLarge: (bytes) => oversizedOutput(bytes, env.maxResultBytes),
      },
      maxEventPayloadBytes: env.maxEventPayloadBytes,
      now: env.now,
      onEvent: (event) => this.log(event),
      log: (entry) => announcer.line(record.id, entry, mask),
      firingScope: env.firingScope,
    });
  }

  /** Logs an event of the network, unless the run's log is full (see {@link EventLogBudget}). */
  private log(event: EngineEvent): void {
    if (this.suspended || this.resumed?.events.loggedBefore(event) === true) return;
    if (!this.budget.admit(event)) return;
    if (isTerminalEvent(event)) this.end(event);
    else this.write(event);
  }

  /** Logs the terminal event, after one EventsDropped event that counts the events left out, if any were. */
  private end(event: TerminalEvent | UnnumberedEvent<TerminalEvent>): void {
    const { dropped } = this.budget;
    if (dropped > 0) this.write({ _type: 'EventsDropped', timestamp: event.timestamp, dropped });
    this.write(event);
  }

  private failure(message: string): UnnumberedEvent<TerminalEvent> {
    const endedAt = this.env.now();
    return { _type: 'Failed', timestamp: endedAt, error: message, result: resultWithoutRun(this.current, endedAt, message) };
  }

  /**
   * Numbers an event after the last one logged (so that seqs stay gapless when events were left out), masks the
   * run's secrets in it, and appends it; a terminal event also ends the execution's record, with its outputs within
   * `maxResultBytes`. A failed write is logged and the event skipped.
   */
  private write(given: EngineEvent | UnnumberedEvent): void {
    const { env } = this;
    const id = this.current.id;
    const numbered = nextInLog(given, this.last);
    const masked = this.mask.isEmpty ? numbered : (this.mask.apply(numbered as JsonObject) as unknown as EngineEvent);
    const event = isTerminalEvent(masked) ? { ...masked, result: limitOutputs(masked.result, env.maxResultBytes) } : masked;
    const terminal = isTerminalEvent(event);
    try {
      if (terminal) {
        const ended = { status: statusOfTerminalEvent(event), result: event.result, endedAt: env.now() };
        env.store.update(id, ended);
        this.current = { ...this.current, ...ended };
      }
      env.store.appendEvent(id, event);
      this.last = event.seq;
    } catch (error) {
      env.logger.error({ err: error, executionId: id, seq: event.seq }, 'Could not record an execution event');
      return;
    }
    if (terminal) {
      this.ended = true;
      env.owned.delete(id);
    }
    env.announcer.logged(this.current, event);
  }
}
