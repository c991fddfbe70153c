import { join } from 'node:path';
import { z } from 'zod';
import { defineActor } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { choiceSetting, numberSetting, optionalText } from '../shared';
import { FileStateBackend, MemoryStateBackend, RedisStateBackend, type StateBackend } from './state-backends';
import { DEFAULT_REDIS_PREFIX, runRedis } from './redis-connection';
import { keyText } from './key-text';

/** What the state store takes from the server. */
export interface StateStoreOptions {
  /** The service's data directory: file state lives in its `state/` folder. Without one, `file` is refused. */
  dataDir?: string;
  /** Prefix of the Redis keys (the service's namespace). @default DEFAULT_REDIS_PREFIX */
  redisPrefix?: string;
  egress?: EgressPolicy;
  /** Bytes of values (as JSON) the memory storage keeps before it forgets the least recently used. @default DEFAULT_MEMORY_STATE_BYTES */
  maxMemoryBytes?: number;
}

/** The `tpl_state_store` properties, plus the Redis URL of this service's own. */
const StateStoreConfigSchema = z.object({
  operation: choiceSetting('What the node does with the key', ['get', 'set', 'delete', 'exists'], 'get'),
  namespace: optionalText("Keeps the keys of different workflows apart; unset is the namespace 'default'"),
  ttl: numberSetting('Seconds a value set by this node lives; unset keeps it until deleted', z.number().positive().optional()),
  storageType: choiceSetting('memory: this process; redis: the Redis server; file: the service data directory', ['memory', 'redis', 'file'], 'memory'),
  url: optionalText('redis://host:port for storageType redis; when unset, the secret REDIS_URL, else redis://127.0.0.1:6379'),
});

/**
 * Builds the `tpl_state_store` actor: keys and values that outlive an execution, by namespace, with a time to
 * live, in this process's memory, in Redis or in files under the service's data directory. The value (null
 * when there is none) goes to `stored-out`, and whether the operation found or did what it asked to `success-out`.
 */
export function createStateStoreActor(options: StateStoreOptions = {}) {
  const memory = new MemoryStateBackend(options.maxMemoryBytes);
  const files = options.dataDir === undefined ? undefined : new FileStateBackend(join(options.dataDir, 'state'));
  return defineActor({
    id: 'tpl_state_store',
    title: 'State Store',
    description: 'Keeps values across executions by namespace and key, in memory, in Redis or in files.',
    inports: {
      'key-in': { type: 'string', description: 'The key; every operation needs one, so a value waits for its key.', required: true },
      'value-in': { type: 'all', description: 'The value a set stores (any JSON).' },
    },
    outports: {
      'stored-out': { type: 'all', description: 'get: the value, null when there is none; set: the value stored; delete and exists: the key.' },
      'success-out': { type: 'boolean', description: 'get and exists: whether there is a value; set: true; delete: whether there was one.' },
    },
    config: StateStoreConfigSchema,
    // The values outlive the run: a read is safe to run again, a set or a delete is made once.
    effects: (config) => (config.operation === 'get' || config.operation === 'exists' ? 'repeatable' : 'once'),
    fire: async (ctx) => {
      const { config, inputs, send } = ctx;
      let backend: StateBackend;
      if (config.storageType === 'memory') backend = memory;
      else if (config.storageType === 'file') {
        if (files === undefined) throw new Error('storageType file needs the service data_dir');
        backend = files;
      } else
        backend = new RedisStateBackend(
          await runRedis(ctx, { url: config.url }, options.egress ?? DEFAULT_EGRESS),
          options.redisPrefix ?? DEFAULT_REDIS_PREFIX,
        );
      const key = keyText(inputs['key-in'], config.operation);
      const namespace = config.namespace ?? 'default';
      switch (config.operation) {
        case 'get': {
          const value = await backend.get(namespace, key);
          await send('success-out', value !== undefined);
          await send('stored-out', value ?? null);
          return;
        }
        case 'set': {
          const value = inputs['value-in'];
          if (value === undefined) throw new Error('set needs the value on value-in');
          await backend.set(namespace, key, value, config.ttl);
          await send('success-out', true);
          await send('stored-out', value);
          return;
        }
        case 'delete':
          await send('success-out', await backend.delete(namespace, key));
          await send('stored-out', key);
          return;
        case 'exists':
          await send('success-out', (await backend.get(namespace, key)) !== undefined);
          await send('stored-out', key);
      }
    },
  });
}
