import { type Redis } from 'ioredis';
import { type JsonValue } from '../../engine';
import { type QueueMessage, type QueueProvider } from './queue-message';

interface Envelope {
  id: string;
  body: JsonValue;
  sentAt: string;
  deliveries?: number;
}

/**
 * Queues on Redis lists: `<prefix>queue:<name>` holds waiting messages (pushed on the left, taken from the
 * right) and `<prefix>queue:<name>:processing` the received ones until they are acked. Receiving moves a
 * message atomically (LMOVE), so two consumers never get the same one; the receipt is the message's text.
 */
export class RedisQueue implements QueueProvider {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async send(queue: string, id: string, body: JsonValue): Promise<void> {
    const envelope: Envelope = { id, body, sentAt: new Date().toISOString() };
    await this.client.lpush(this.waiting(queue), JSON.stringify(envelope));
  }

  async receive(queue: string, max: number): Promise<QueueMessage[]> {
    const messages: QueueMessage[] = [];
    for (let i = 0; i < max; i++) {
      const text = await this.client.lmove(this.waiting(queue), this.processing(queue), 'RIGHT', 'LEFT');
      if (text === null) break;
      messages.push(this.message(queue, text, text));
    }
    return messages;
  }

  async peek(queue: string, max: number): Promise<QueueMessage[]> {
    const texts = await this.client.lrange(this.waiting(queue), -max, -1);
    return texts.reverse().map((text) => this.message(queue, text, null));
  }

  async ack(queue: string, receipt: string): Promise<boolean> {
    return (await this.client.lrem(this.processing(queue), 1, receipt)) > 0;
  }

  async nack(queue: string, receipt: string): Promise<boolean> {
    const envelope = JSON.parse(receipt) as Envelope;
    const again = JSON.stringify({ ...envelope, deliveries: (envelope.deliveries ?? 1) + 1 });
    // Back at the right end: the next message received.
    // Both in one transaction, so a crash between them cannot lose the message; an unknown receipt is undone.
    const results = await this.client.multi().lrem(this.processing(queue), 1, receipt).rpush(this.waiting(queue), again).exec();
    if (results?.[0]?.[1] !== 1) {
      await this.client.lrem(this.waiting(queue), -1, again);
      return false;
    }
    return true;
  }

  private message(queue: string, text: string, receipt: string | null): QueueMessage {
    const envelope = JSON.parse(text) as Envelope;
    return { id: envelope.id, queue, provider: 'redis', body: envelope.body, receipt, redelivered: (envelope.deliveries ?? 1) > 1 };
  }

  private waiting(queue: string): string {
    return `${this.prefix}queue:${queue}`;
  }

  private processing(queue: string): string {
    return `${this.prefix}queue:${queue}:processing`;
  }
}
