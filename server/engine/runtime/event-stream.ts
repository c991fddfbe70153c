import { type EngineEvent, type EngineEventOf, type JsonValue, type RunResult } from '../../../model';
import { type JsonPacket, JsonText, packetValue } from '../sdk/json-text';
import { type Grouping } from '../sdk/grouping';

type MessageSentEvent = EngineEventOf<'MessageSent'>;

/**
 * Builds and delivers the events of one run, its subgraphs included: `seq` from 1 without gaps, epoch-ms
 * timestamps, oversized packet payloads cut to a preview. Exists only when someone listens, so a run with
 * no listener builds no event object at all.
 */
export class EventStream {
  private seq = 0;
  private closed = false;

  constructor(
    private readonly listener: (event: EngineEvent) => void,
    private readonly now: () => number,
    private readonly maxPayloadBytes: number,
  ) {}

  /** The network has started. */
  networkStarted(executionId: string, workflowId: string): void {
    this.deliver({ _type: 'NetworkStarted', seq: ++this.seq, timestamp: this.now(), executionId, workflowId });
  }

  /** A node began a firing. */
  actorStarted(actorId: string, component: string): void {
    this.deliver({ _type: 'ActorStarted', seq: ++this.seq, timestamp: this.now(), actorId, component });
  }

  /** A node finished a firing. */
  actorCompleted(actorId: string, component: string, durationMs: number): void {
    this.deliver({ _type: 'ActorCompleted', seq: ++this.seq, timestamp: this.now(), actorId, component, durationMs });
  }

  /** A node's firing failed, and its retry policy runs it again after `delayMs`. */
  actorRetrying(actorId: string, component: string, attempt: number, error: string, delayMs: number): void {
    this.deliver({ _type: 'ActorRetrying', seq: ++this.seq, timestamp: this.now(), actorId, component, attempt, error, delayMs });
  }

  /** A node's firing, timer or configuration failed. */
  actorFailed(actorId: string, component: string, error: string): void {
    this.deliver({ _type: 'ActorFailed', seq: ++this.seq, timestamp: this.now(), actorId, component, error });
  }

  /** A packet left a port for one target, within the groups of `grouping` when it has some. */
  messageSent(fromActor: string, fromPort: string, toActor: string, toPort: string, packet: JsonPacket, grouping?: Grouping): void {
    const seq = ++this.seq;
    const timestamp = this.now();
    const preview = truncatedPreview(packet, this.maxPayloadBytes);
    const event: MessageSentEvent =
      preview === undefined
        ? { _type: 'MessageSent', seq, timestamp, fromActor, fromPort, toActor, toPort, message: packetValue(packet) }
        : { _type: 'MessageSent', seq, timestamp, fromActor, fromPort, toActor, toPort, message: preview, truncated: true };
    if (grouping !== undefined && grouping.groups.length > 0) event.groups = grouping.groups as JsonValue[];
    this.deliver(event);
  }

  /** A node streamed a piece of the value of one of its ports. */
  streamChunk(actorId: string, component: string, port: string, index: number, data: JsonValue): void {
    const seq = ++this.seq;
    const timestamp = this.now();
    const preview = truncatedPreview(data, this.maxPayloadBytes);
    if (preview === undefined) this.deliver({ _type: 'StreamChunk', seq, timestamp, actorId, component, port, index, data });
    else this.deliver({ _type: 'StreamChunk', seq, timestamp, actorId, component, port, index, data: preview, truncated: true });
  }

  /** Nothing is left to do. */
  networkIdle(): void {
    this.deliver({ _type: 'NetworkIdle', seq: ++this.seq, timestamp: this.now() });
  }

  /** Terminal: completed. Nothing is delivered after a terminal event. */
  completed(result: RunResult): void {
    this.deliver({ _type: 'Completed', seq: ++this.seq, timestamp: this.now(), result });
    this.closed = true;
  }

  /** Terminal: failed. */
  failed(error: string, result: RunResult): void {
    this.deliver({ _type: 'Failed', seq: ++this.seq, timestamp: this.now(), error, result });
    this.closed = true;
  }

  /** Terminal: cancelled. */
  cancelled(result: RunResult): void {
    this.deliver({ _type: 'Cancelled', seq: ++this.seq, timestamp: this.now(), result });
    this.closed = true;
  }

  private deliver(event: EngineEvent): void {
    if (this.closed) {
      this.seq--;
      return;
    }
    try {
      this.listener(event);
    } catch {
      // A listener's bug must not stop the run or break the order of later events.
    }
  }
}

/** The JSON text of a payload cut to `maxBytes` of UTF-8, or undefined when the payload fits. */
export function truncatedPreview(message: JsonPacket, maxBytes: number): string | undefined {
  if (message instanceof JsonText) {
    if (message.bytes <= maxBytes) return undefined;
    // No character takes less than a byte, so the first maxBytes characters hold the cut.
    return cutToBytes(message.text.slice(0, Math.max(0, maxBytes)), maxBytes);
  }
  if (typeof message !== 'object' && typeof message !== 'string') return undefined;
  // A UTF-16 unit escapes to at most 6 JSON characters and encodes to at most 3 bytes.
  if (typeof message === 'string' && message.length * 6 + 2 <= maxBytes) return undefined;
  const json = JSON.stringify(message);
  if (json.length * 3 <= maxBytes || Buffer.byteLength(json, 'utf8') <= maxBytes) return undefined;
  return cutToBytes(json, maxBytes);
}

// The first `maxBytes` bytes of a text in UTF-8, without a character cut in two at the end.
function cutToBytes(text: string, maxBytes: number): string {
  return Buffer.from(text, 'utf8')
    .subarray(0, Math.max(0, maxBytes))
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}
