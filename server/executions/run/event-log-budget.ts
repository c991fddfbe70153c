import { type EngineEvent, isTerminalEvent } from '../../engine';

/** The limits of one run's event log. */
export interface EventLogLimits {
  /** Events logged in full; every kind counts. */
  maxEvents: number;
  /** Bytes of logged events (their JSON, in UTF-8). */
  maxBytes: number;
}

/**
 * Failures logged past the limits, at most: a node that fails on every firing of an endless loop (its errors
 * routed to an error port, so the run goes on) must not fill the disk either.
 */
const FAILURES_PAST_LIMITS = 100;

/** Bytes of failures logged past the limits, at most. */
const FAILURE_BYTES_PAST_LIMITS = 1024 * 1024;

/**
 * Decides which events of one run are logged. Every event counts against the run's event and byte limits;
 * from the first event that does not fit, the log is full and later events are left out and counted, except
 * the terminal event (always logged) and a reserve of failures (ActorFailed), so that the log still says
 * how the run ended and why.
 */
export class EventLogBudget {
  private events = 0;
  private bytes = 0;
  private full = false;
  private failuresPast = 0;
  private failureBytesPast = 0;
  /** Events left out so far. */
  dropped = 0;

  /** @param logged - what the log holds already: a run resumed after a crash goes on counting from there */
  constructor(
    private readonly limits: EventLogLimits,
    logged: { readonly events: number; readonly bytes: number } = { events: 0, bytes: 0 },
  ) {
    this.events = logged.events;
    this.bytes = logged.bytes;
  }

  /** Whether `event` is logged; one that is not is counted in {@link dropped}. */
  admit(event: EngineEvent): boolean {
    if (isTerminalEvent(event)) return true;
    if (!this.full) {
      const size = eventBytes(event);
      if (this.events < this.limits.maxEvents && this.bytes + size <= this.limits.maxBytes) {
        this.events += 1;
        this.bytes += size;
        return true;
      }
      this.full = true;
    }
    if (event._type === 'ActorFailed' && this.keepFailure(event)) return true;
    this.dropped += 1;
    return false;
  }

  private keepFailure(event: EngineEvent): boolean {
    if (this.failuresPast >= FAILURES_PAST_LIMITS) return false;
    const size = eventBytes(event);
    if (this.failureBytesPast + size > FAILURE_BYTES_PAST_LIMITS) return false;
    this.failuresPast += 1;
    this.failureBytesPast += size;
    return true;
  }
}

/** The bytes an event takes in a log: its JSON in UTF-8, as the stores write it. */
export function eventBytes(event: EngineEvent): number {
  return Buffer.byteLength(JSON.stringify(event));
}
