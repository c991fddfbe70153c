import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type JsonObject, type JsonValue, defineActor } from '../../server/engine';
import { cacheActor, createEventEmitterActor, createQueueActor, createRedisActor, createStateStoreActor, createVariableLookupActor } from '../../server/actors';
import { runFlow } from '../support/kits';

/*
 * The storage nodes against the machine's Redis (127.0.0.1:6379) and RabbitMQ (127.0.0.1:5672, guest),
 * each test with keys and queues of its own, removed afterwards.
 */

/** Sends its configured value on `out` for every packet on `in`: sequences one node after another. */
const then = defineActor({
  id: 'then',
  inports: { in: { required: true } },
  outports: { out: {} },
  config: z.object({ value: z.any() }),
  fire: ({ config, send }) => send('out', (config.value ?? null) as JsonValue),
});

const node = (component: string, config: JsonObject = {}) => ({ component, metadata: { config } });
const packet = (data: JsonValue, process: string, port: string) => ({ data, tgt: { process, port } });
const wire = (from: string, to: string) => {
  const [src, srcPort] = from.split('.');
  const [tgt, tgtPort] = to.split('.');
  return { src: { process: src, port: srcPort }, tgt: { process: tgt, port: tgtPort } };
};

let redis: Redis;
let prefix: string;

beforeAll(() => {
  redis = new Redis({ host: '127.0.0.1', port: 6379 });
});
afterAll(async () => {
  await redis.quit();
});
beforeEach(() => {
  prefix = `t${randomUUID().slice(0, 8)}:`;
});
afterEach(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
});

describe('tpl_redis', () => {
  const actor = createRedisActor();

  it('runs SET with an expiry, GET, HSET, HGET, LPUSH and RPOP on the real server', async () => {
    const key = `${prefix}k`;
    const { received, result } = await runFlow([actor], {
      processes: {
        set: node('tpl_redis', { command: 'SET', key, expiry: 60 }),
        hset: node('tpl_redis', { command: 'HSET', key: `${prefix}h` }),
        push: node('tpl_redis', { command: 'LPUSH', key: `${prefix}l` }),
      },
      connections: [packet([{ a: 1 }], 'set', 'args-in'), packet([{ name: 'Ada', age: 36 }], 'hset', 'args-in'), packet(['x', 'y'], 'push', 'args-in')],
      collect: ['set.result-out', 'hset.result-out', 'push.result-out'],
    });
    expect(result.success).toBe(true);
    expect(received).toEqual({ 'set.result-out': ['OK'], 'hset.result-out': [2], 'push.result-out': [2] });
    expect(await redis.pttl(key)).toBeGreaterThan(50_000);
    const read = await runFlow([actor], {
      processes: {
        get: node('tpl_redis', { command: 'GET', key }),
        hget: node('tpl_redis', { command: 'HGET', key: `${prefix}h` }),
        pop: node('tpl_redis', { command: 'RPOP', key: `${prefix}l` }),
      },
      connections: [packet('name', 'hget', 'args-in')],
      collect: ['get.result-out', 'hget.result-out', 'pop.result-out'],
    });
    expect(read.received).toEqual({ 'get.result-out': ['{"a":1}'], 'hget.result-out': ['Ada'], 'pop.result-out': ['x'] });
  });

  it('takes the command from command-in, and sends a refused command to error-out with its code', async () => {
    await redis.set(`${prefix}s`, 'text');
    const { received } = await runFlow([actor], {
      processes: { r: node('tpl_redis', { key: `${prefix}s` }) },
      connections: [packet({ command: 'HGET', args: ['f'] }, 'r', 'command-in'), packet('del', 'r', 'command-in')],
      collect: ['r.result-out', 'r.error-out'],
    });
    expect(received['r.error-out']).toEqual([expect.objectContaining({ code: 'WRONGTYPE', message: expect.stringContaining('HGET') })]);
    expect(received['r.result-out']).toEqual([1]);
    expect(await redis.exists(`${prefix}s`)).toBe(0);
  });

  it('fails with the reason when Redis cannot be reached', async () => {
    const { result } = await runFlow([actor], { processes: { r: node('tpl_redis', { key: 'k', url: 'redis://127.0.0.1:1' }) } });
    expect(result.success).toBe(false);
    expect(result.errors[0].message).toMatch(/Could not connect to Redis at 127\.0\.0\.1:1: .*ECONNREFUSED/);
  });
});

describe('tpl_cache', () => {
  it('is shared by the cache nodes of one run and gone in the next run', async () => {
    const { received } = await runFlow([cacheActor, then], {
      processes: { set: node('tpl_cache', { operation: 'set', ttl: 60 }), next: node('then', { value: 'k' }), get: node('tpl_cache', { operation: 'get' }) },
      connections: [packet('k', 'set', 'key-in'), packet({ v: 1 }, 'set', 'value-in'), wire('set.hit-out', 'next.in'), wire('next.out', 'get.key-in')],
      collect: ['get.cached-out', 'get.hit-out', 'set.hit-out'],
    });
    expect(received).toEqual({ 'set.hit-out': [false], 'get.hit-out': [true], 'get.cached-out': [{ v: 1 }] });
    const later = await runFlow([cacheActor], {
      processes: { get: node('tpl_cache', { operation: 'get' }) },
      connections: [packet('k', 'get', 'key-in')],
      collect: ['get.hit-out', 'get.cached-out'],
    });
    expect(later.received).toEqual({ 'get.hit-out': [false], 'get.cached-out': [null] });
  });

  it('refuses the lfu policy before the run starts, naming the alternatives', async () => {
    await expect(runFlow([cacheActor], { processes: { c: node('tpl_cache', { evictionPolicy: 'lfu' }) } })).rejects.toThrow(
      /'lfu' is not supported: use 'lru' or 'fifo'/,
    );
  });
});

describe('tpl_state_store', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'state-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const setThenGet = (actor: ReturnType<typeof createStateStoreActor>, config: JsonObject, operation: string, value?: JsonValue) =>
    runFlow([actor], {
      processes: { s: node('tpl_state_store', { ...config, operation }) },
      connections: [packet('user-1', 's', 'key-in'), ...(value === undefined ? [] : [packet(value, 's', 'value-in')])],
      collect: ['s.stored-out', 's.success-out'],
    });

  it.each(['memory', 'redis', 'file'])('keeps a value across executions in %s storage, by namespace', async (storageType) => {
    const actor = createStateStoreActor({ dataDir, redisPrefix: prefix });
    const config = { storageType, namespace: 'orders', ttl: 60 };
    expect((await setThenGet(actor, config, 'set', { total: 3 })).received).toEqual({ 's.success-out': [true], 's.stored-out': [{ total: 3 }] });
    expect((await setThenGet(actor, config, 'get')).received).toEqual({ 's.success-out': [true], 's.stored-out': [{ total: 3 }] });
    expect((await setThenGet(actor, { ...config, namespace: 'other' }, 'get')).received['s.success-out']).toEqual([false]);
    expect((await setThenGet(actor, config, 'delete')).received['s.success-out']).toEqual([true]);
    expect((await setThenGet(actor, config, 'exists')).received['s.success-out']).toEqual([false]);
  });

  it('writes Redis state under the prefix with its time to live, and file state where a new process finds it', async () => {
    await setThenGet(createStateStoreActor({ redisPrefix: prefix }), { storageType: 'redis', namespace: 'n', ttl: 30 }, 'set', 'v');
    expect(await redis.get(`${prefix}state:n:user-1`)).toBe('"v"');
    expect(await redis.pttl(`${prefix}state:n:user-1`)).toBeGreaterThan(20_000);
    await setThenGet(createStateStoreActor({ dataDir }), { storageType: 'file', namespace: '../../etc' }, 'set', 'v');
    expect(readdirSync(join(dataDir, 'state'))).toHaveLength(1);
    const restarted = createStateStoreActor({ dataDir });
    expect((await setThenGet(restarted, { storageType: 'file', namespace: '../../etc' }, 'get')).received['s.stored-out']).toEqual(['v']);
  });

  it('refuses file storage without a data directory', async () => {
    const { result } = await setThenGet(createStateStoreActor(), { storageType: 'file' }, 'get');
    expect(result.errors[0].message).toContain('storageType file needs the service data_dir');
  });
});

describe('tpl_variable_lookup', () => {
  const actor = createVariableLookupActor({ globals: { region: 'eu' }, environmentAllowed: ['APP_MODE'], env: { APP_MODE: 'prod', SECRET_TOKEN: 'x' } });
  const lookup = (scope: string, name: string, config: JsonObject = {}) =>
    runFlow(
      [actor],
      {
        processes: { v: node('tpl_variable_lookup', { scope, ...config }) },
        connections: [packet(name, 'v', 'name-in')],
        collect: ['v.value-out', 'v.found-out'],
      },
      { input: { order: 7 }, metadata: { tenant: 'acme' } },
    );

  it('resolves the workflow, global, environment and runtime scopes', async () => {
    expect((await lookup('workflow', 'order')).received['v.value-out']).toEqual([7]);
    expect((await lookup('workflow', 'tenant')).received['v.value-out']).toEqual(['acme']);
    expect((await lookup('global', 'region')).received['v.value-out']).toEqual(['eu']);
    expect((await lookup('environment', 'APP_MODE')).received['v.value-out']).toEqual(['prod']);
    expect((await lookup('runtime', 'execution_id')).received['v.value-out']).toEqual(['exec-flow']);
    expect((await lookup('runtime', 'node_id')).received['v.value-out']).toEqual(['v']);
  });

  it('never reads an environment variable the operator did not allow, and sends the default', async () => {
    expect((await lookup('environment', 'SECRET_TOKEN', { defaultValue: 'none' })).received).toEqual({ 'v.found-out': [false], 'v.value-out': ['none'] });
    const { result } = await lookup('global', 'missing', { throwOnMissing: true });
    expect(result.errors[0].message).toContain("Variable 'missing' not found in scope 'global'");
  });
});

describe('tpl_event_emitter', () => {
  it('publishes on the in-process bus and on Redis pub/sub, keeping a stream when persistent', async () => {
    const bus = new EventEmitter();
    const seen: JsonValue[] = [];
    bus.on('orders', (event: JsonValue) => seen.push(event));
    const actor = createEventEmitterActor({ bus, redisPrefix: prefix });
    const memory = await runFlow([actor], {
      processes: { e: node('tpl_event_emitter', { eventName: 'created', channel: 'orders' }) },
      connections: [packet({ id: 1 }, 'e', 'data-in')],
      collect: ['e.id-out'],
    });
    expect(seen).toEqual([
      expect.objectContaining({ name: 'created', channel: 'orders', data: { id: 1 }, priority: 'normal', id: memory.received['e.id-out'][0] }),
    ]);
    const channel = `${prefix}events`;
    const subscriber = new Redis({ host: '127.0.0.1', port: 6379 });
    const messages: string[] = [];
    await subscriber.subscribe(channel);
    subscriber.on('message', (_channel, message) => messages.push(message));
    await runFlow([actor], {
      processes: { e: node('tpl_event_emitter', { eventName: 'paid', channel, transport: 'redis', persistence: true, priority: 'high' }) },
      connections: [packet(42, 'e', 'data-in')],
    });
    for (let i = 0; i < 40 && messages.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await subscriber.quit();
    expect(messages.map((m) => JSON.parse(m) as JsonObject)).toEqual([expect.objectContaining({ name: 'paid', data: 42, priority: 'high' })]);
    expect(await redis.xlen(`${prefix}events:${channel}`)).toBe(1);
  });
});

describe('tpl_queue', () => {
  it('refuses sqs and kafka before the run, naming what to configure instead', async () => {
    await expect(runFlow([createQueueActor()], { processes: { q: node('tpl_queue', { queueName: 'q', provider: 'kafka' }) } })).rejects.toThrow(
      /provider 'kafka' is not available in this service: set provider to 'redis'.*'rabbitmq'/,
    );
  });

  describe.each(['redis', 'rabbitmq'])('on %s', (provider) => {
    let queueName: string;
    let broker: amqp.ChannelModel | undefined;
    beforeEach(() => {
      queueName = `${prefix}jobs`;
    });
    afterEach(async () => {
      if (provider !== 'rabbitmq') return;
      broker ??= await amqp.connect('amqp://127.0.0.1:5672');
      const channel = await broker.createChannel();
      await channel.deleteQueue(queueName);
      await channel.close();
    });
    afterAll(async () => {
      await broker?.close();
    });

    const actor = createQueueActor({ redisPrefix: prefix });
    const queue = (config: JsonObject) => node('tpl_queue', { queueName, provider, ...config });

    it('sends, peeks without taking, receives and acks in one run, oldest first', async () => {
      const sent = await runFlow([actor], {
        processes: { s: queue({ operation: 'send' }) },
        connections: [packet({ n: 1 }, 's', 'message-in'), packet({ n: 2 }, 's', 'message-in')],
        collect: ['s.ack-out'],
      });
      expect(sent.received['s.ack-out']).toEqual([
        expect.objectContaining({ operation: 'send', ok: true }),
        expect.objectContaining({ operation: 'send', ok: true }),
      ]);
      const peeked = await runFlow([actor], { processes: { p: queue({ operation: 'peek', maxMessages: 5 }) }, collect: ['p.received-out'] });
      expect(peeked.received['p.received-out']?.map((m) => (m as JsonObject).body)).toEqual([{ n: 1 }, { n: 2 }]);
      const taken = await runFlow([actor], {
        processes: { r: queue({ operation: 'receive' }), a: queue({ operation: 'ack' }) },
        connections: [wire('r.received-out', 'a.message-in')],
        collect: ['r.received-out', 'a.ack-out'],
      });
      const [message] = taken.received['r.received-out'] as JsonObject[];
      // AMQP has no peek: the peek above took the messages and put them back, so the broker marks them redelivered.
      expect(message).toMatchObject({ body: { n: 1 }, queue: queueName, provider, receipt: expect.any(String), redelivered: provider === 'rabbitmq' });
      expect(taken.received['a.ack-out']).toEqual([{ id: message.id, queue: queueName, operation: 'ack', ok: true }]);
      const rest = await runFlow([actor], {
        processes: { r: queue({ operation: 'receive', maxMessages: 5 }), a: queue({ operation: 'ack' }) },
        connections: [wire('r.received-out', 'a.message-in')],
        collect: ['r.received-out'],
      });
      expect(rest.received['r.received-out']?.map((m) => (m as JsonObject).body)).toEqual([{ n: 2 }]);
    });

    it('puts a nacked message back at the front, marked redelivered', async () => {
      await runFlow([actor], {
        processes: { s: queue({ operation: 'send' }) },
        connections: [packet('first', 's', 'message-in'), packet('second', 's', 'message-in')],
      });
      await runFlow([actor], {
        processes: { r: queue({ operation: 'receive' }), n: queue({ operation: 'nack' }) },
        connections: [wire('r.received-out', 'n.message-in')],
      });
      const again = await runFlow([actor], {
        processes: { r: queue({ operation: 'receive' }), a: queue({ operation: 'ack' }) },
        connections: [wire('r.received-out', 'a.message-in')],
        collect: ['r.received-out'],
      });
      expect(again.received['r.received-out']).toEqual([expect.objectContaining({ body: 'first', redelivered: true })]);
    });

    it('refuses to ack with a receipt it did not give in this run', async () => {
      const { received } = await runFlow([actor], {
        processes: { a: queue({ operation: 'ack' }) },
        connections: [packet({ id: 'x', receipt: provider === 'redis' ? '{"id":"x","body":1,"sentAt":"t"}' : 'other-channel:1' }, 'a', 'message-in')],
        collect: ['a.ack-out'],
      });
      expect(received['a.ack-out']).toBeUndefined();
    });
  });
});
