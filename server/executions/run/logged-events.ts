import { type EngineEvent } from '../../engine';

/**
 * The events a run had logged before it stopped with its process, counted by kind and place, so that its resumed
 * network, which runs its pure nodes again and replays its journaled firings, does not log them twice.
 *
 * Invariant: an event of the resumed network is left out exactly when an earlier event of its kind and place
 * (a node's starts, a connection's packets, a port's pieces) is still uncounted; packets keep their order on each
 * connection, so the first ones on a connection are the ones logged before.
 */
export class LoggedEvents {
  private readonly counts = new Map<string, number>();

  /** Counts one event read back from the log. */
  add(event: EngineEvent): void {
    const key = placeOf(event);
    if (key !== undefined) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Whether the resumed network's event was logged before (and counts it off). */
  loggedBefore(event: EngineEvent): boolean {
    if (this.counts.size === 0) return false;
    const key = placeOf(event);
    const count = key === undefined ? undefined : this.counts.get(key);
    if (count === undefined) return false;
    if (count === 1) this.counts.delete(key!);
    else this.counts.set(key!, count - 1);
    return true;
  }
}

// The kind and place of an event that a network repeats when it runs again; undefined for the others.
function placeOf(event: EngineEvent): string | undefined {
  switch (event._type) {
    case 'NetworkStarted':
      return 'NetworkStarted';
    case 'ActorStarted':
    case 'ActorCompleted':
    case 'ActorFailed':
    case 'ActorRetrying':
      return `${event._type}\n${event.actorId}`;
    case 'MessageSent':
      return `MessageSent\n${event.fromActor}\n${event.fromPort}\n${event.toActor}\n${event.toPort}`;
    case 'StreamChunk':
      return `StreamChunk\n${event.actorId}\n${event.port}\n${event.index}`;
    default:
      return undefined;
  }
}
