import { type EngineEvent, isTerminalEvent, settleWithin } from '../../engine';
import { type ExecutionObserver, type ExecutionRecord } from '../../executions';
import { type EventBridgeOptions, resolveBridgeOptions } from './bridge-options';
import { type BridgeStats, zeroCounters } from './bridge-stats';
import { EventBudget } from './event-budget';
import { ExecutionTally } from './execution-tally';
import { ideEndpoints } from './ide-endpoints';
import { LiveChannel } from './live-channel';
import { liveMessageOf } from './live-mapping';
import { TraceClient } from './trace-client';
import { traceCompletionOf, traceEventOf, traceSessionRequestOf } from './trace-mapping';
import { TraceSession, type TraceSessionContext } from './trace-session';

/**
 * Forwards every execution to the IDE: its trace session on the trace collector and its live messages
 * on the session object. Its observer calls return at once and never throw; the network work happens
 * in the background.
 */
export interface EventBridge extends Required<ExecutionObserver> {
  /** Sends what it can within `closeTimeoutMs`, drops (and counts) the rest, and closes the socket. */
  close(): Promise<void>;
  /** What the bridge has done so far. */
  stats(): BridgeStats;
}

/** What the bridge keeps of an execution until its terminal event. */
interface Track {
  tally: ExecutionTally;
  /** null when the execution is not traced. */
  session: TraceSession | null;
  /** Whether its trace events count as dropped: it should be traced but no session could be had. */
  dropsTrace: boolean;
}

/** Creates the IDE event bridge and starts connecting its socket; add it to the execution service's observers. */
export function createEventBridge(options: EventBridgeOptions): EventBridge {
  const settings = resolveBridgeOptions(options);
  const endpoints = ideEndpoints(settings.ideUrl, settings);
  const counters = zeroCounters();
  const stop = new AbortController();
  const sessions = new Set<TraceSession>();
  const tracks = new Map<string, Track>();
  let closing: Promise<void> | null = null;

  const context: TraceSessionContext = {
    client: new TraceClient(settings, stop.signal),
    endpoints,
    budget: new EventBudget(settings.maxBufferedEvents),
    counters,
    logger: settings.logger,
    batchSize: settings.batchSize,
    flushIntervalMs: settings.flushIntervalMs,
    maxBufferedEventsPerExecution: settings.maxBufferedEventsPerExecution,
    isClosing: () => closing !== null,
    settled: (session) => sessions.delete(session),
  };
  const live = new LiveChannel({ ...settings, url: endpoints.socket, counters });
  live.start();

  function trackOf(execution: ExecutionRecord): Track {
    const known = tracks.get(execution.id);
    if (known) return known;
    const track: Track = { tally: new ExecutionTally(), session: null, dropsTrace: false };
    if (execution.request.metadata.enable_tracing !== false) {
      if (closing === null && sessions.size < settings.maxSessions) {
        track.session = new TraceSession(context, traceSessionRequestOf(execution));
        sessions.add(track.session);
        track.session.start();
      } else {
        track.dropsTrace = true;
      }
    }
    tracks.set(execution.id, track);
    return track;
  }

  function forward(execution: ExecutionRecord, event: EngineEvent): void {
    const track = trackOf(execution);
    const facts = track.tally.observe(event);
    const traceEvent = traceEventOf(event, facts, settings.previewChars);
    if (traceEvent && track.session) track.session.add(traceEvent);
    else if (traceEvent && track.dropsTrace) counters.eventsDropped += 1;
    const message = liveMessageOf(execution, event, facts);
    if (message) live.send(message);
    if (isTerminalEvent(event)) {
      track.session?.finish(traceCompletionOf(execution, event, track.tally.totalSentBytes));
      tracks.delete(execution.id);
    }
  }

  async function shutDown(): Promise<void> {
    await settleWithin(
      [...sessions].map((session) => session.flush()),
      settings.closeTimeoutMs,
    );
    stop.abort();
    await Promise.all([...sessions].map((session) => session.flush()));
    for (const session of [...sessions]) session.discard('the bridge closed before it was sent');
    tracks.clear();
  }

  return {
    onAccepted: (execution) => guard(() => void trackOf(execution)),
    onEvent: (execution, event) => guard(() => forward(execution, event)),
    onFinished: (execution) => guard(() => void tracks.delete(execution.id)),
    close: () => (closing ??= Promise.all([shutDown(), live.close()]).then(() => undefined)),
    stats: () => ({ ...counters, connected: live.connected }),
  };

  function guard(call: () => void): void {
    try {
      call();
    } catch (error) {
      settings.logger.warn({ err: error }, 'The IDE event bridge could not take an execution event');
    }
  }
}
