import { type EngineEvent, isTerminalEvent } from '../../engine';
import { isTerminalStatus } from '../../../model';
import { type ExecutionRecord } from '../execution-record';
import { type ExecutionStore } from '../../storage';
import { type ExecutionRun } from '../run/execution-run';

/** A slice of an execution's event log. */
export interface EventSlice {
  events: EngineEvent[];
  /** The seq of the last event logged so far. */
  lastSeq: number;
  /** Whether the log is known complete (its terminal event is written). */
  finished: boolean;
}

/** A page of an execution's event log, as a client pages through it. */
export interface EventPage {
  events: EngineEvent[];
  /** The seq to ask for next, or null once the log is complete and fully read. */
  nextSeq: number | null;
}

/**
 * Reads execution logs, and how far they go: from the run while this node runs it (ahead of the store's writes),
 * else from the store.
 */
export class EventLogReader {
  constructor(
    private readonly store: ExecutionStore,
    private readonly owned: ReadonlyMap<string, ExecutionRun>,
    /** @throws AppError NOT_FOUND */
    private readonly get: (id: string) => Promise<ExecutionRecord>,
  ) {}

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
}
