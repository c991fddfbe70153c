import { type EngineEvent, isTerminalEvent } from '../../engine';
import { deliveryPacer } from './delivery-pacer';
import { type EventSlice } from './event-log-reader';

/** The logs a follower reads: the execution service is one. */
export interface FollowedLogs {
  /** Reads up to `limit` events of an execution's log from `fromSeq`. */
  readEvents(id: string, fromSeq: number, limit: number): Promise<EventSlice>;
  /** Calls `onAppend` after events are appended to an execution's log, until the returned function is called. */
  watch(id: string, onAppend: () => void): () => void;
}

/** What a follower does with each batch of events: go on, or wait for {@link EventFollower.resume}. */
type DeliveryVerdict = 'continue' | 'pause';

/** Options of an {@link EventFollower}. */
export interface EventFollowerOptions {
  /** The first seq to deliver. @default 1 */
  fromSeq?: number;
  /** Events read from the log per batch. @default 500 */
  batchSize?: number;
  /** Receives batches in order, without gaps or repeats. */
  deliver(events: EngineEvent[]): DeliveryVerdict;
  /** Called once after the terminal event has been delivered. */
  onComplete?(): void;
}

/**
 * Replays an execution's event log from a seq, then follows it live, in batches, until its terminal event.
 * The log is the single source of truth: the follower only keeps the next seq to read, so nothing is
 * missed or repeated between the replay and the live part. Invariant: at most one read is in flight; an
 * append noticed during it (`stale`) makes the follower read again once it is back, so no append is missed
 * whatever the timing of the read, which may take a round trip to a shared database.
 */
export class EventFollower {
  private nextSeq: number;
  private readonly batchSize: number;
  private readonly unwatch: () => void;
  private state: 'idle' | 'scheduled' | 'reading' | 'paused' | 'done' = 'idle';
  private stale = false;

  /** Check that the execution exists first: an unknown id is only waited for. */
  constructor(
    private readonly service: FollowedLogs,
    private readonly executionId: string,
    private readonly options: EventFollowerOptions,
  ) {
    this.nextSeq = Math.max(1, options.fromSeq ?? 1);
    this.batchSize = options.batchSize ?? 500;
    this.unwatch = service.watch(executionId, () => this.schedule(true));
    this.schedule();
  }

  /** The seq of the last event delivered, 0 before the first. */
  get lastDeliveredSeq(): number {
    return this.nextSeq - 1;
  }

  /** Resumes delivery after a `pause` verdict. */
  resume(): void {
    if (this.state !== 'paused') return;
    this.state = 'idle';
    this.schedule();
  }

  /** Stops following; no delivery happens afterwards. */
  stop(): void {
    if (this.state === 'done') return;
    this.state = 'done';
    this.unwatch();
  }

  private get stopped(): boolean {
    return this.state === 'done';
  }

  /** Queues the next read: at once to catch up, or with the appends of the next few ms when `live`. */
  private schedule(live = false): void {
    if (this.state === 'reading') this.stale = true;
    if (this.state !== 'idle') return;
    this.state = 'scheduled';
    if (live) deliveryPacer.gather(this);
    else deliveryPacer.schedule(this);
  }

  /** Delivers the next batch; called by the pacer, on a later turn than the one that scheduled it. Settles once delivered. */
  pump(): Promise<void> {
    if (this.state !== 'scheduled') return Promise.resolve();
    this.state = 'reading';
    this.stale = false;
    return this.service.readEvents(this.executionId, this.nextSeq, this.batchSize).then(
      (slice) => this.take(slice),
      () => this.complete(),
    );
  }

  private take({ events, finished, lastSeq }: EventSlice): void {
    if (this.stopped) return;
    this.state = 'idle';
    if (events.length > 0) {
      this.nextSeq = events[events.length - 1].seq + 1;
      const verdict = this.options.deliver(events);
      if (this.stopped) return;
      if (isTerminalEvent(events[events.length - 1])) return this.complete();
      if (verdict === 'pause') {
        this.state = 'paused';
        return;
      }
    }
    if (finished && this.nextSeq > lastSeq) return this.complete();
    if (this.nextSeq <= lastSeq || this.stale) this.schedule();
  }

  private complete(): void {
    this.stop();
    this.options.onComplete?.();
  }
}
