import { randomUUID } from 'node:crypto';
import type amqp from 'amqplib';
import { type JsonValue } from '../../engine';
import { jsonOrText } from '../shared';
import { type QueueMessage, type QueueProvider } from './queue-message';

/**
 * Queues on RabbitMQ (AMQP 0-9-1), through one confirm channel per run: durable queues, persistent messages,
 * each send confirmed by the broker. A received message is acked or nacked on the channel that got it, so
 * its receipt (`<channel id>:<delivery tag>`) is good within the run; when the run ends, the channel closes
 * and the broker requeues what was not acked.
 */
export class RabbitmqQueue implements QueueProvider {
  private readonly asserted = new Set<string>();
  private readonly channelId = randomUUID();

  constructor(
    private readonly connection: amqp.ChannelModel,
    private readonly channel: amqp.ConfirmChannel,
  ) {}

  /** Connects and opens the run's channel. */
  static async open(url: string): Promise<RabbitmqQueue> {
    // The client library is loaded by the first RabbitMQ node, so that a service that never uses it does not pay for it.
    const { connect } = await import('amqplib');
    const connection = await connect(url);
    connection.on('error', () => undefined);
    const channel = await connection.createConfirmChannel();
    channel.on('error', () => undefined);
    return new RabbitmqQueue(connection, channel);
  }

  async send(queue: string, id: string, body: JsonValue): Promise<void> {
    await this.assert(queue);
    this.channel.sendToQueue(queue, Buffer.from(JSON.stringify(body)), { persistent: true, messageId: id, contentType: 'application/json' });
    await this.channel.waitForConfirms();
  }

  async receive(queue: string, max: number): Promise<QueueMessage[]> {
    await this.assert(queue);
    const messages: QueueMessage[] = [];
    for (let i = 0; i < max; i++) {
      const got = await this.channel.get(queue, { noAck: false });
      if (got === false) break;
      messages.push(this.message(queue, got, `${this.channelId}:${got.fields.deliveryTag}`));
    }
    return messages;
  }

  // AMQP has no peek: the messages are taken and put back at once (the broker marks them redelivered).
  async peek(queue: string, max: number): Promise<QueueMessage[]> {
    const taken: amqp.GetMessage[] = [];
    await this.assert(queue);
    for (let i = 0; i < max; i++) {
      const got = await this.channel.get(queue, { noAck: false });
      if (got === false) break;
      taken.push(got);
    }
    for (const got of taken.reverse()) this.channel.nack(got, false, true);
    return taken.reverse().map((got) => this.message(queue, got, null));
  }

  ack(_queue: string, receipt: string): Promise<boolean> {
    const tag = this.deliveryTag(receipt);
    if (tag === undefined) return Promise.resolve(false);
    this.channel.ack(delivery(tag));
    return Promise.resolve(true);
  }

  nack(_queue: string, receipt: string): Promise<boolean> {
    const tag = this.deliveryTag(receipt);
    if (tag === undefined) return Promise.resolve(false);
    this.channel.nack(delivery(tag), false, true);
    return Promise.resolve(true);
  }

  async close(): Promise<void> {
    await this.channel.close().catch(() => undefined);
    await this.connection.close().catch(() => undefined);
  }

  private deliveryTag(receipt: string): number | undefined {
    const [channelId, tag] = receipt.split(':');
    return channelId === this.channelId && /^\d+$/.test(tag ?? '') ? Number(tag) : undefined;
  }

  private async assert(queue: string): Promise<void> {
    if (this.asserted.has(queue)) return;
    await this.channel.assertQueue(queue, { durable: true });
    this.asserted.add(queue);
  }

  private message(queue: string, got: amqp.GetMessage, receipt: string | null): QueueMessage {
    // A message another producer sent as plain text stays text.
    const body = jsonOrText(got.content.toString('utf8'));
    return { id: String(got.properties.messageId ?? got.fields.deliveryTag), queue, provider: 'rabbitmq', body, receipt, redelivered: got.fields.redelivered };
  }
}

// amqplib acks by the delivery tag alone; the rest of a message is not read.
function delivery(deliveryTag: number): amqp.Message {
  return { fields: { deliveryTag } } as amqp.Message;
}
