import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type JsonValue, defineActor, resourceKind } from '../../engine';
import { choiceSetting, numberSetting } from '../shared';
import { keyText } from './key-text';

/** The run's in-memory cache, shared by its cache nodes. */
const RUN_CACHE = resourceKind<LRUCache<string, { value: JsonValue }>>('cache');

/** The `tpl_cache` properties. LFU is refused: the cache evicts by recency (lru) or by age (fifo). */
const CacheConfigSchema = z.object({
  operation: choiceSetting('What the node does with the key', ['get', 'set', 'delete', 'clear', 'has'], 'get'),
  ttl: numberSetting('Seconds an entry set by this node lives', z.number().min(0).default(300)),
  maxSize: numberSetting(
    "Entries the run's cache holds before it evicts (the first cache node to run sets it)",
    z.number().int().min(1).max(1_000_000).default(1000),
  ),
  evictionPolicy: choiceSetting('lru: a read keeps an entry; fifo: the oldest entry goes first; lfu is not supported', ['lru', 'lfu', 'fifo'], 'lru').refine(
    (policy) => policy !== 'lfu',
    "evictionPolicy 'lfu' is not supported: use 'lru' or 'fifo'",
  ),
});

/**
 * The `tpl_cache` actor: an in-memory cache with a time to live and a size bound (lru-cache), shared by the
 * cache nodes of one run and dropped when the run ends. Each packet on `key-in` (or `value-in` for a set)
 * runs the operation; the value goes to `cached-out` (null on a miss) and whether the key was there to `hit-out`.
 */
export const cacheActor = defineActor({
  id: 'tpl_cache',
  title: 'Cache',
  description: "Gets, sets, deletes or checks keys of the run's in-memory cache, with a time to live.",
  inports: {
    'key-in': { type: 'string', description: 'The key.' },
    'value-in': { type: 'all', description: 'The value a set stores.' },
  },
  outports: {
    'cached-out': { type: 'all', description: 'get: the value, null on a miss; set: the value stored; clear: the number of entries dropped.' },
    'hit-out': { type: 'boolean', description: 'Whether the key was in the cache before the operation (clear: whether it held anything).' },
  },
  config: CacheConfigSchema,
  // The cache is the run's own, in memory: a resumed run builds it again by firing its cache nodes again, which a replayed set would not.
  effects: 'none',
  fire: async ({ config, inputs, resources, send }) => {
    const cache = resources.shared(
      RUN_CACHE,
      'cache',
      () => new LRUCache<string, { value: JsonValue }>({ max: config.maxSize, ttlAutopurge: false }),
      (c) => c.clear(),
    );
    const fifo = config.evictionPolicy === 'fifo';
    switch (config.operation) {
      case 'get': {
        const key = keyText(inputs['key-in'], 'get');
        const entry = fifo ? cache.peek(key) : cache.get(key);
        await send('hit-out', entry !== undefined);
        await send('cached-out', entry?.value ?? null);
        return;
      }
      case 'set': {
        const key = keyText(inputs['key-in'], 'set');
        const value = inputs['value-in'];
        if (value === undefined) throw new Error('set needs the value on value-in');
        const had = cache.has(key);
        cache.set(key, { value }, { ttl: config.ttl * 1000 });
        await send('hit-out', had);
        await send('cached-out', value);
        return;
      }
      case 'delete': {
        await send('hit-out', cache.delete(keyText(inputs['key-in'], 'delete')));
        return;
      }
      case 'has': {
        await send('hit-out', cache.has(keyText(inputs['key-in'], 'has')));
        return;
      }
      case 'clear': {
        const size = cache.size;
        cache.clear();
        await send('hit-out', size > 0);
        await send('cached-out', size);
      }
    }
  },
});
