/** What the event bridge has done since it was created. */
export interface BridgeStats {
  /** Trace sessions the IDE opened. */
  sessionsOpened: number;
  /** Batches of trace events the IDE accepted. */
  batchesSent: number;
  /** Trace events the IDE accepted. */
  eventsSent: number;
  /** Trace events given up: buffers full, no session, requests that failed after every retry, left at close. */
  eventsDropped: number;
  /** Trace requests given up after every retry (each logged once). */
  failures: number;
  /** Session-object messages written to the socket. */
  liveSent: number;
  /** Session-object messages dropped: buffer full while disconnected, or left at close. */
  liveDropped: number;
  /** Whether the session object's socket is open now. */
  connected: boolean;
}

/** The counters of {@link BridgeStats}, updated in place by the bridge's parts. */
export type BridgeCounters = Omit<BridgeStats, 'connected'>;

/** Counters that start at zero. */
export function zeroCounters(): BridgeCounters {
  return { sessionsOpened: 0, batchesSent: 0, eventsSent: 0, eventsDropped: 0, failures: 0, liveSent: 0, liveDropped: 0 };
}
