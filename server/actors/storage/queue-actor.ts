import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type JsonValue, defineActor, isJsonObject, resourceKind } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { choiceSetting, numberSetting, optionalText, requiredText } from '../shared';
import { type QueueProvider } from './queue-message';
import { RabbitmqQueue } from './rabbitmq-queue';
import { RedisQueue } from './redis-queue';
import { DEFAULT_REDIS_PREFIX, runRedis } from './redis-connection';
import { checkedServerUrl } from './server-url';

/** What the queue node takes from the server. */
export interface QueueActorOptions {
  /** Prefix of the Redis keys (the service's namespace). @default DEFAULT_REDIS_PREFIX */
  redisPrefix?: string;
  egress?: EgressPolicy;
}

/** The run's RabbitMQ channels, one per broker. */
const RABBITMQ = resourceKind<Promise<RabbitmqQueue>>('rabbitmq');

/** Where a RabbitMQ node connects when neither its url nor the secret QUEUE_CONNECTION_STRING says. */
const DEFAULT_AMQP_URL = 'amqp://127.0.0.1:5672';

/** Providers the template offers that this service does not run, and what to use instead. */
const UNAVAILABLE =
  "is not available in this service: set provider to 'redis' (Redis lists, at the node's url or the secret REDIS_URL) or 'rabbitmq' (AMQP 0-9-1, at the node's url or the secret QUEUE_CONNECTION_STRING)";

/** The `tpl_queue` properties, plus the server URL of this service's own. */
const QueueConfigSchema = z.object({
  operation: choiceSetting(
    'send a message-in; receive or peek up to maxMessages; ack or nack a received message on message-in',
    ['send', 'receive', 'peek', 'ack', 'nack'],
    'send',
  ),
  queueName: requiredText('The queue'),
  provider: choiceSetting('redis or rabbitmq; sqs and kafka are refused', ['rabbitmq', 'sqs', 'kafka', 'redis'], 'rabbitmq').refine(
    (provider) => provider === 'redis' || provider === 'rabbitmq',
    (provider) => ({ message: `provider '${provider}' ${UNAVAILABLE}` }),
  ),
  maxMessages: numberSetting('Messages one receive or peek takes at most', z.number().int().min(1).max(1000).default(1)),
  url: optionalText('The server: redis://host:port or amqp://user:password@host:port; when unset, the secret REDIS_URL or QUEUE_CONNECTION_STRING'),
});

/**
 * Builds the `tpl_queue` actor: send, receive, peek, ack and nack on a Redis list queue or a RabbitMQ queue.
 * Received and peeked messages go one by one to `received-out` as `{id, queue, provider, body, receipt,
 * redelivered}`; a send, ack or nack reports `{id, queue, operation, ok}` on `ack-out`. Ack and nack take the
 * received message (or its receipt) on `message-in`, within the run that received it.
 */
export function createQueueActor(options: QueueActorOptions = {}) {
  const egress = options.egress ?? DEFAULT_EGRESS;
  return defineActor({
    id: 'tpl_queue',
    title: 'Queue',
    description: 'Sends, receives, peeks, acks and nacks messages of a Redis or RabbitMQ queue.',
    inports: {
      'message-in': { type: 'all', description: 'send: the message body (any JSON); ack and nack: the received message, or its receipt.' },
      'options-in': { type: 'object', description: 'An object that may set queueName and maxMessages for later firings.', control: true },
    },
    outports: {
      'received-out': { type: 'object', description: 'Each message received or peeked: {id, queue, provider, body, receipt, redelivered}.' },
      'ack-out': { type: 'object', description: 'What a send, ack or nack did: {id, queue, operation, ok}.' },
    },
    config: QueueConfigSchema,
    // Only a peek leaves the queue as it was; a receive takes messages off it.
    effects: (config) => (config.operation === 'peek' ? 'repeatable' : 'once'),
    fire: async (ctx) => {
      const { config, inputs, send } = ctx;
      const overrides = isJsonObject(inputs['options-in']) ? inputs['options-in'] : {};
      const queue = typeof overrides.queueName === 'string' && overrides.queueName !== '' ? overrides.queueName : config.queueName;
      const max =
        typeof overrides.maxMessages === 'number' && Number.isInteger(overrides.maxMessages) && overrides.maxMessages > 0
          ? Math.min(overrides.maxMessages, 1000)
          : config.maxMessages;
      const provider: QueueProvider =
        config.provider === 'redis'
          ? new RedisQueue(await runRedis(ctx, { url: config.url }, egress), options.redisPrefix ?? DEFAULT_REDIS_PREFIX)
          : await rabbitmq(ctx, config.url ?? ctx.secret('QUEUE_CONNECTION_STRING') ?? DEFAULT_AMQP_URL, egress);
      const message = inputs['message-in'];
      switch (config.operation) {
        case 'send': {
          if (message === undefined) throw new Error('send needs the message body on message-in');
          const id = randomUUID();
          await provider.send(queue, id, message);
          await send('ack-out', { id, queue, operation: 'send', ok: true });
          return;
        }
        case 'receive':
        case 'peek': {
          const messages = config.operation === 'receive' ? await provider.receive(queue, max) : await provider.peek(queue, max);
          for (const received of messages) await send('received-out', received);
          return;
        }
        default: {
          const { id, receipt } = receiptOf(message, config.operation);
          const ok = config.operation === 'ack' ? await provider.ack(queue, receipt) : await provider.nack(queue, receipt);
          if (!ok) throw new Error(`${config.operation} found no message received with that receipt on queue '${queue}' in this run`);
          await send('ack-out', { id, queue, operation: config.operation, ok });
        }
      }
    },
  });
}

/** The run's RabbitMQ channel for a broker, opened once (the URL's host checked by the egress policy). */
async function rabbitmq(ctx: Parameters<typeof runRedis>[0], text: string, egress: EgressPolicy): Promise<RabbitmqQueue> {
  const { url, address } = await checkedServerUrl(text, { 'amqp:': 5672, 'amqps:': 5671 }, 'RabbitMQ', egress);
  const checked = new URL(url.href);
  checked.hostname = address.includes(':') ? `[${address}]` : address;
  return ctx.resources.shared(
    RABBITMQ,
    checked.href,
    () => RabbitmqQueue.open(checked.href),
    async (opened) => (await opened.catch(() => undefined))?.close(),
  );
}

/** The receipt on `message-in`: a received message (its `receipt`), or the receipt itself. */
function receiptOf(message: JsonValue | undefined, operation: string): { id: string | null; receipt: string } {
  if (typeof message === 'string' && message !== '') return { id: null, receipt: message };
  if (isJsonObject(message) && typeof message.receipt === 'string') return { id: typeof message.id === 'string' ? message.id : null, receipt: message.receipt };
  throw new Error(`${operation} needs a received message (with its receipt) on message-in`);
}
