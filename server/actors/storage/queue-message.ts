import { type JsonObject, type JsonValue } from '../../engine';

/** A message as the queue node sends it: its id, body and the receipt that acks or nacks it in the same run. */
export interface QueueMessage extends JsonObject {
  readonly id: string;
  readonly queue: string;
  readonly provider: string;
  readonly body: JsonValue;
  /** What ack and nack need; absent on peeked messages. */
  readonly receipt: string | null;
  readonly redelivered: boolean;
}

/** Sends, receives, peeks, acks and nacks the messages of named queues on one server. */
export interface QueueProvider {
  send(queue: string, id: string, body: JsonValue): Promise<void>;
  /** Takes up to `max` messages, oldest first; each stays unacknowledged until acked or nacked. */
  receive(queue: string, max: number): Promise<QueueMessage[]>;
  /** Reads up to `max` messages, oldest first, leaving them in the queue. */
  peek(queue: string, max: number): Promise<QueueMessage[]>;
  /** Removes a received message for good; false when its receipt is unknown. */
  ack(queue: string, receipt: string): Promise<boolean>;
  /** Puts a received message back at the front of its queue; false when its receipt is unknown. */
  nack(queue: string, receipt: string): Promise<boolean>;
}
