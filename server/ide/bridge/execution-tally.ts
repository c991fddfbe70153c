import { type EngineEvent } from '../../engine';
import { jsonBytes } from './payload-preview';

/** What the tally learned from one event that the event does not say itself. */
export interface EventFacts {
  /** For `MessageSent`, bytes of the packet's JSON; for `ActorCompleted`, bytes the node sent during that firing; else 0. */
  bytes: number;
}

/**
 * Running counts of one execution that the IDE's messages need and the engine's events do not carry:
 * the bytes each node sends during a firing and the bytes sent between nodes in all.
 */
export class ExecutionTally {
  private readonly firingBytes = new Map<string, number>();
  private sentBytes = 0;

  /** Takes the next event of the execution's log into account and returns what it adds to it. */
  observe(event: EngineEvent): EventFacts {
    switch (event._type) {
      case 'ActorStarted':
        this.firingBytes.set(event.actorId, 0);
        return { bytes: 0 };
      case 'MessageSent': {
        const bytes = jsonBytes(event.message);
        this.sentBytes += bytes;
        this.firingBytes.set(event.fromActor, (this.firingBytes.get(event.fromActor) ?? 0) + bytes);
        return { bytes };
      }
      case 'ActorCompleted': {
        const bytes = this.firingBytes.get(event.actorId) ?? 0;
        this.firingBytes.delete(event.actorId);
        return { bytes };
      }
      case 'ActorFailed':
        this.firingBytes.delete(event.actorId);
        return { bytes: 0 };
      default:
        return { bytes: 0 };
    }
  }

  /** Bytes of every packet sent between nodes so far. */
  get totalSentBytes(): number {
    return this.sentBytes;
  }
}
