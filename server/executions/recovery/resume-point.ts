import { type JournalEntry } from '../../engine';
import { type ExecutionStore } from '../../storage';
import { eventBytes } from '../run/event-log-budget';
import { LoggedEvents } from '../run/logged-events';

/** Events read from a log at once while a resume point is read. */
const PAGE = 1000;

/** Where a run that stopped with its process goes on from: its log as it was left, and its firing journal. */
export interface ResumePoint {
  /** The seq of the last event logged. */
  readonly lastSeq: number;
  /** The time of the last event logged, epoch ms: the run's time so far ends there. */
  readonly lastEventAt: number;
  /** The bytes of the events logged (their JSON), which count against the run's byte limit as its `lastSeq` events count against its event limit. */
  readonly loggedBytes: number;
  /** The events logged, by kind and place, which the resumed network does not log again. */
  readonly events: LoggedEvents;
  readonly journal: readonly JournalEntry[];
}

/** Reads the resume point of an execution this node has just adopted: nobody else writes its log meanwhile. */
export async function readResumePoint(store: ExecutionStore, id: string): Promise<ResumePoint> {
  const events = new LoggedEvents();
  let lastSeq = 0;
  let lastEventAt = 0;
  let bytes = 0;
  for (;;) {
    const page = await store.readEvents(id, lastSeq + 1, PAGE);
    for (const event of page) {
      events.add(event);
      bytes += eventBytes(event);
      lastSeq = event.seq;
      lastEventAt = event.timestamp;
    }
    if (page.length < PAGE) break;
  }
  return { lastSeq, lastEventAt, loggedBytes: bytes, events, journal: await store.readJournal(id) };
}
