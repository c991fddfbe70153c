import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { type JsonObject, defineActor } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { booleanSetting, choiceSetting, optionalText, requiredText } from '../shared';
import { DEFAULT_REDIS_PREFIX, runRedis } from './redis-connection';

/** What the event emitter takes from the server. */
export interface EventEmitterOptions {
  /** The in-process bus that `transport: memory` publishes on; each channel is an event name of it. @default a bus of the actor's own */
  bus?: EventEmitter;
  /** Prefix of the Redis streams kept for `persistence` (the service's namespace). @default DEFAULT_REDIS_PREFIX */
  redisPrefix?: string;
  egress?: EgressPolicy;
}

/** Events kept in a channel's Redis stream when `persistence` is on; older ones are trimmed. */
const PERSISTED_EVENTS = 10_000;

/** The `tpl_event_emitter` properties, plus the transport and Redis URL of this service's own. */
const EventEmitterConfigSchema = z.object({
  eventName: requiredText('The name of the event'),
  channel: optionalText("The channel it is published on; unset is the channel 'events'"),
  persistence: booleanSetting('With transport redis, also append the event to the stream <prefix>events:<channel>', false),
  priority: choiceSetting('Carried in the event for its subscribers', ['low', 'normal', 'high'], 'normal'),
  transport: choiceSetting('memory: the service process; redis: Redis pub/sub', ['memory', 'redis'], 'memory'),
  url: optionalText('redis://host:port for transport redis; when unset, the secret REDIS_URL, else redis://127.0.0.1:6379'),
});

/**
 * Builds the `tpl_event_emitter` actor: publishes `{id, name, channel, priority, data, timestamp,
 * execution_id, node_id}` for each packet on `data-in` or `event-in`, on the service's in-process bus or on
 * Redis pub/sub (and, with `persistence`, in a trimmed Redis stream), then sends the event on
 * `published-out` and its id on `id-out`.
 */
export function createEventEmitterActor(options: EventEmitterOptions = {}) {
  const bus = options.bus ?? new EventEmitter();
  return defineActor({
    id: 'tpl_event_emitter',
    title: 'Event Emitter',
    description: 'Publishes an event on the in-process bus or on Redis pub/sub.',
    inports: {
      'event-in': { type: 'all', description: 'The event data (when data-in is not fed).' },
      'data-in': { type: 'all', description: 'The event data.' },
    },
    outports: {
      'published-out': { type: 'object', description: 'The event as published.' },
      'id-out': { type: 'string', description: 'The id of the event.' },
    },
    config: EventEmitterConfigSchema,
    // Subscribers would receive the event twice.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs, execution, node, send } = ctx;
      const channel = config.channel ?? 'events';
      const event: JsonObject = {
        id: randomUUID(),
        name: config.eventName,
        channel,
        priority: config.priority,
        data: inputs['data-in'] ?? inputs['event-in'] ?? null,
        timestamp: new Date().toISOString(),
        execution_id: execution.id,
        node_id: node.id,
      };
      if (config.transport === 'memory') bus.emit(channel, event);
      else {
        const client = await runRedis(ctx, { url: config.url }, options.egress ?? DEFAULT_EGRESS);
        const text = JSON.stringify(event);
        await client.publish(channel, text);
        if (config.persistence)
          await client.xadd(`${options.redisPrefix ?? DEFAULT_REDIS_PREFIX}events:${channel}`, 'MAXLEN', '~', String(PERSISTED_EVENTS), '*', 'event', text);
      }
      await send('published-out', event);
      await send('id-out', event.id);
    },
  });
}
