import { batchToSend } from './batch-policy';
import { type BridgeCounters } from './bridge-stats';
import { type EventBudget } from './event-budget';
import { type IdeEndpoints } from './ide-endpoints';
import { type TraceClient } from './trace-client';
import { type TraceCompletion, type TraceEvent, TraceSessionAnswerSchema, type TraceSessionRequest } from './trace-event';
import { type Logger } from '../../logger';

/** What the trace sessions of one bridge share. */
export interface TraceSessionContext {
  client: TraceClient;
  endpoints: IdeEndpoints;
  budget: EventBudget;
  counters: BridgeCounters;
  logger: Logger;
  batchSize: number;
  flushIntervalMs: number;
  maxBufferedEventsPerExecution: number;
  /** Whether the bridge is closing: then every pending event is sent at once. */
  isClosing(): boolean;
  /** Called once, when the session has nothing more to do (completed or given up). */
  settled(session: TraceSession): void;
}

type SessionState = 'active' | 'abandoned' | 'done';

/**
 * The trace session of one execution on the IDE's trace collector. In the background, one request at a
 * time (so batches keep their order), it opens the session, sends the events in batches (a full batch
 * at once, a partial one after the flush interval) and closes it with the completion. Events that come
 * before the session is open wait for it, within the per-execution and the shared bounds. A request
 * that fails after its retries gives the session up: what it holds and what comes later is dropped.
 */
export class TraceSession {
  private readonly pending: TraceEvent[] = [];
  private sessionId: string | null = null;
  private completion: TraceCompletion | null = null;
  private state: SessionState = 'active';
  private flushDue = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly context: TraceSessionContext,
    private readonly request: TraceSessionRequest,
  ) {}

  /** Starts opening the IDE's session. */
  start(): void {
    void this.kick();
  }

  /** Queues one event for the next batch, or drops it (and counts it) when a bound is reached or the session was given up. */
  add(event: TraceEvent): void {
    if (
      this.state !== 'active' ||
      this.completion !== null ||
      this.pending.length >= this.context.maxBufferedEventsPerExecution ||
      !this.context.budget.tryTake()
    ) {
      this.context.counters.eventsDropped += 1;
      return;
    }
    this.pending.push(event);
    if (this.pending.length >= this.context.batchSize) void this.kick();
    else this.armTimer();
  }

  /** Sends what is pending, then closes the session with `completion`. */
  finish(completion: TraceCompletion): void {
    if (this.state !== 'active' || this.completion !== null) return;
    this.completion = completion;
    this.clearTimer();
    void this.kick();
  }

  /** Sends what is pending now; resolves when the session has nothing left it can send. */
  flush(): Promise<void> {
    if (this.state !== 'active') return Promise.resolve();
    this.flushDue = true;
    return this.kick();
  }

  /** Stops at the bridge's close, once its time is up: what is still pending is dropped, and counted as a failure. */
  discard(reason: string): void {
    if (this.state !== 'active') return;
    if (this.pending.length > 0 || this.completion !== null) {
      this.abandon(this.completion === null ? 'send events' : 'complete the session', reason);
      return;
    }
    this.state = 'done';
    this.clearTimer();
    this.context.settled(this);
  }

  private kick(): Promise<void> {
    // The first request starts after the observer call has returned, never inside it.
    this.running ??= Promise.resolve().then(() => this.pump());
    return this.running;
  }

  private async pump(): Promise<void> {
    try {
      while (this.state === 'active') {
        if (this.sessionId === null) {
          if (!(await this.open())) return;
          continue;
        }
        const urgent = this.flushDue || this.completion !== null || this.context.isClosing();
        const take = batchToSend(this.pending.length, this.context.batchSize, urgent);
        if (take > 0) {
          if (!(await this.send(this.sessionId, take))) return;
          continue;
        }
        if (this.pending.length === 0) this.flushDue = false;
        if (this.completion !== null) await this.complete(this.sessionId, this.completion);
        return;
      }
    } finally {
      this.running = null;
    }
  }

  private async open(): Promise<boolean> {
    const outcome = await this.context.client.post(this.context.endpoints.sessions, this.request);
    if (this.state !== 'active') return false;
    if (!outcome.ok) return this.abandon('open the session', outcome.reason);
    const answer = TraceSessionAnswerSchema.safeParse(outcome.answer);
    if (!answer.success) return this.abandon('open the session', 'the answer has no sessionId');
    this.sessionId = answer.data.sessionId;
    this.context.counters.sessionsOpened += 1;
    return true;
  }

  private async send(sessionId: string, take: number): Promise<boolean> {
    const events = this.pending.splice(0, take);
    this.context.budget.give(take);
    const outcome = await this.context.client.post(this.context.endpoints.events(sessionId), { events });
    if (!outcome.ok) {
      this.context.counters.eventsDropped += take;
      return this.state === 'active' && this.abandon('send events', outcome.reason);
    }
    this.context.counters.batchesSent += 1;
    this.context.counters.eventsSent += take;
    return this.state === 'active';
  }

  private async complete(sessionId: string, completion: TraceCompletion): Promise<void> {
    const outcome = await this.context.client.post(this.context.endpoints.complete(sessionId), completion);
    if (this.state !== 'active') return;
    if (!outcome.ok) {
      this.abandon('complete the session', outcome.reason);
      return;
    }
    this.state = 'done';
    this.context.settled(this);
  }

  /** Gives the session up: counts the failure, drops what it holds, logs one line. Always false. */
  private abandon(operation: string, reason: string): false {
    const dropped = this.pending.length;
    this.pending.length = 0;
    this.context.budget.give(dropped);
    this.context.counters.eventsDropped += dropped;
    this.context.counters.failures += 1;
    this.state = 'abandoned';
    this.clearTimer();
    this.context.logger.warn(
      { executionId: this.request.executionId, sessionId: this.sessionId, operation, reason, droppedEvents: dropped },
      'Gave up forwarding an execution to the IDE trace collector',
    );
    this.context.settled(this);
    return false;
  }

  private armTimer(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushDue = true;
      void this.kick();
    }, this.context.flushIntervalMs);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
