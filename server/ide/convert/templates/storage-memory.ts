import { type IdeTemplate } from './ide-template';
import { optional, required } from './template-property';

/** The IDE's storage templates (`storageMemory.ts`): cache, Redis, events, queues, state and variables. */
export const storageMemoryTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_cache',
    type: 'cache',
    title: 'Cache',
    inputs: ['key-in', 'value-in'],
    outputs: ['cached-out', 'hit-out'],
    properties: {
      operation: optional('select', 'get'),
      ttl: optional('number', 300),
      maxSize: optional('number', 1000),
      evictionPolicy: optional('select', 'lru'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_redis',
    type: 'redis',
    title: 'Redis',
    inputs: ['command-in', 'args-in'],
    outputs: ['result-out', 'error-out'],
    properties: {
      command: optional('select', 'GET'),
      key: required('text'),
      database: optional('number', 0),
      expiry: optional('number'),
    },
    requiredEnvVars: ['REDIS_URL', 'REDIS_PASSWORD'],
  },
  {
    id: 'tpl_event_emitter',
    type: 'event',
    title: 'Event Emitter',
    inputs: ['event-in', 'data-in'],
    outputs: ['published-out', 'id-out'],
    properties: {
      eventName: required('text'),
      channel: optional('text'),
      persistence: optional('boolean', false),
      priority: optional('select', 'normal'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_queue',
    type: 'queue',
    title: 'Queue',
    inputs: ['message-in', 'options-in'],
    outputs: ['received-out', 'ack-out'],
    properties: {
      operation: optional('select', 'send'),
      queueName: required('text'),
      provider: optional('select', 'rabbitmq'),
      maxMessages: optional('number', 1),
    },
    requiredEnvVars: ['QUEUE_CONNECTION_STRING'],
  },
  {
    id: 'tpl_state_store',
    type: 'storage',
    title: 'State Store',
    inputs: ['key-in', 'value-in'],
    outputs: ['stored-out', 'success-out'],
    properties: {
      operation: optional('select', 'get'),
      namespace: optional('text'),
      ttl: optional('number'),
      storageType: optional('select', 'memory'),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_variable_lookup',
    type: 'variable',
    title: 'Variable Lookup',
    inputs: ['name-in'],
    outputs: ['value-out', 'found-out'],
    properties: {
      scope: optional('select', 'workflow'),
      defaultValue: optional('text'),
      cacheResult: optional('boolean', true),
      throwOnMissing: optional('boolean', false),
    },
    requiredEnvVars: [],
  },
];
