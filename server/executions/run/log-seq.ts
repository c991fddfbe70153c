import { type EngineEvent } from '../../engine';

/** An event before its place in its execution's log is known: one the service makes itself carries no `seq` yet. */
export type UnnumberedEvent<E extends EngineEvent = EngineEvent> = E extends EngineEvent ? Omit<E, 'seq'> & { seq?: number } : never;

/**
 * The event as the one after `lastSeq` in its log: where every event the service logs gets its seq, whether a run
 * logs it or an ending written for no run (a cancel while queued, a stopped node's run). The same object when it
 * carries that seq already: the engine numbers a network's events as the log does until an event is left out.
 */
export function nextInLog<E extends EngineEvent>(event: E | UnnumberedEvent<E>, lastSeq: number): E {
  const seq = lastSeq + 1;
  return (event.seq === seq ? event : { ...event, seq }) as E;
}
