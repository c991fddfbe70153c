import { z } from 'zod';
import { defineActor } from '../sdk/actor-definition';
import { ActorError } from '../sdk/actor-error';
import { type EngineEventOf, type EngineEvent, type JsonValue } from '../../../model';
import { createNetwork } from './network';
import { parseGraph } from '../graph/parse-graph';
import { runGraph } from './run-graph';
import { collector, testCatalogue, testRun } from '../../../test/support/kits';
import { validateGraph } from '../graph/validate-graph';

type Failure = 'throw' | 'reject' | 'timer' | 'json' | 'port';

const risky = defineActor({
  id: 'test_risky',
  inports: { in: {} },
  outports: { out: {}, error: {}, 'error-out': {} },
  config: z.object({ mode: z.enum(['throw', 'reject', 'timer', 'json', 'port']) }),
  async fire({ config, send, setTimeout, inputs }) {
    const mode: Failure = config.mode;
    if (mode === 'throw') throw new Error(`boom ${String(inputs.in)}`);
    if (mode === 'reject') return Promise.reject(new Error('rejected'));
    if (mode === 'timer') {
      setTimeout(() => {
        throw new Error('timer boom');
      }, 5);
      return;
    }
    if (mode === 'json') return send('out', { when: new Date(0) } as unknown as JsonValue);
    return send('nowhere' as 'out', 1);
  },
});

function riskyGraph(mode: Failure, errorPort?: 'error' | 'error-out') {
  return {
    processes: { r: { component: 'test_risky', metadata: { config: { mode } } }, s: { component: 'test_sink' } },
    connections: [
      { data: 1, to: { nodeId: 'r', portId: 'in' } },
      ...(errorPort ? [{ from: { nodeId: 'r', portId: errorPort }, to: { nodeId: 's', portId: 'in' } }] : []),
    ],
  };
}

const expectedMessages: Record<Failure, string> = {
  throw: 'boom 1',
  reject: 'rejected',
  timer: 'timer boom',
  json: "Node 'r' sent an instance of Date on port 'out'; packets must be JSON",
  port: "Node 'r' has no output port 'nowhere'",
};

describe('a node runner', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });

  it.each(Object.keys(expectedMessages) as Failure[])('fails the run on an unrouted %s error, naming node and message', async (mode) => {
    const { result, events } = await runGraph(riskyGraph(mode), testCatalogue(risky, collector('test_sink', [])), testRun);
    const failed = events.filter((event): event is EngineEventOf<'ActorFailed'> => event._type === 'ActorFailed');
    expect(failed).toEqual([expect.objectContaining({ actorId: 'r', component: 'test_risky', error: expectedMessages[mode] })]);
    expect(result).toMatchObject({ success: false, errors: [{ node_id: 'r', message: expectedMessages[mode] }], nodes_failed: 1 });
    expect(events.at(-1)).toMatchObject({ _type: 'Failed', error: `Node 'r' failed: ${expectedMessages[mode]}` });
    expect(events.filter((event) => event._type === 'NetworkIdle')).toEqual([]);
  });

  it.each([
    ['throw', 'error'],
    ['reject', 'error-out'],
    ['timer', 'error-out'],
    ['json', 'error'],
  ] as const)('routes a %s error to the connected %s port as data and goes on', async (mode, port) => {
    const received: JsonValue[] = [];
    const { result, events } = await runGraph(riskyGraph(mode, port), testCatalogue(risky, collector('test_sink', received)), testRun);
    expect(received).toEqual([{ message: expectedMessages[mode], node_id: 'r', component: 'test_risky' }]);
    expect(result).toMatchObject({ success: true, errors: [], nodes_failed: 1 });
    expect(events.some((event) => event._type === 'ActorFailed')).toBe(true);
    expect(events.at(-1)?._type).toBe('Completed');
  });

  it('routes the details of an ActorError with the error, never letting them replace its fields', async () => {
    const detailed = defineActor({
      id: 'test_detailed',
      inports: {},
      outports: { 'error-out': {} },
      fire: () => {
        throw new ActorError('answered 503', { status: 503, body: 'busy', node_id: 'spoofed' });
      },
    });
    const received: JsonValue[] = [];
    const graph = {
      processes: { d: { component: 'test_detailed' }, s: { component: 'test_sink' } },
      connections: [{ from: { nodeId: 'd', portId: 'error-out' }, to: { nodeId: 's', portId: 'in' } }],
    };
    await runGraph(graph, testCatalogue(detailed, collector('test_sink', received)), testRun);
    expect(received).toEqual([{ status: 503, body: 'busy', message: 'answered 503', node_id: 'd', component: 'test_detailed' }]);
  });

  it('strips the Error: prefix from a thrown string', async () => {
    const stringy = defineActor({
      id: 'test_stringy',
      inports: {},
      outports: {},
      fire: () => {
        throw 'Error: plain text';
      },
    });
    const { result } = await runGraph({ processes: { x: { component: 'test_stringy' } } }, testCatalogue(stringy), testRun);
    expect(result.errors).toEqual([{ node_id: 'x', message: 'plain text' }]);
  });

  it('ends a run only after an armed actor timer has fired', async () => {
    const later = defineActor({
      id: 'test_later',
      inports: {},
      outports: { out: {} },
      fire: ({ setTimeout, send }) => {
        setTimeout(() => send('out', 'late'), 200);
      },
    });
    const started = Date.now();
    const { result } = await runGraph({ processes: { l: { component: 'test_later' } } }, testCatalogue(later), testRun);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(result.outputs).toEqual({ 'l.out': 'late' });
  });

  it('counts a repeating timer until the actor cancels it, and async callbacks until they settle', async () => {
    const ticker = defineActor({
      id: 'test_ticker',
      inports: {},
      outports: { out: {} },
      fire: ({ setInterval, send }) => {
        let n = 0;
        const stop = setInterval(async () => {
          n++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          await send('out', n);
          if (n === 3) stop();
        }, 10);
      },
    });
    const received: JsonValue[] = [];
    const graph = {
      processes: { t: { component: 'test_ticker' }, s: { component: 'test_sink' } },
      connections: [{ from: { nodeId: 't', portId: 'out' }, to: { nodeId: 's', portId: 'in' } }],
    };
    await runGraph(graph, testCatalogue(ticker, collector('test_sink', received)), testRun);
    expect(received).toEqual([1, 2, 3]);
  });

  it('waits for async firings before ending', async () => {
    const slow = defineActor({
      id: 'test_slow_pass',
      inports: { in: {} },
      outports: { out: {} },
      async fire({ inputs, send }) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await send('out', inputs.in ?? null);
      },
    });
    const graph = {
      processes: { s: { component: 'test_slow_pass' } },
      connections: [
        { data: 'a', to: { nodeId: 's', portId: 'in' } },
        { data: 'b', to: { nodeId: 's', portId: 'in' } },
      ],
    };
    const { result, events } = await runGraph(graph, testCatalogue(slow), testRun);
    expect(result.outputs).toEqual({ 's.out': 'b' });
    const lifecycle = events.filter((event) => event._type === 'ActorStarted' || event._type === 'ActorCompleted').map((event) => event._type);
    expect(lifecycle).toEqual(['ActorStarted', 'ActorCompleted', 'ActorStarted', 'ActorCompleted']);
  });

  it('builds state once per node and disposes it when the run ends, whatever happened', async () => {
    const log: string[] = [];
    const stateful = defineActor({
      id: 'test_stateful',
      inports: { in: {} },
      outports: {},
      createState: () => {
        log.push('create');
        return { seen: 0 };
      },
      fire: ({ state, inputs }) => {
        state.seen++;
        if (inputs.in === 'bad') throw new Error('bad packet');
      },
      dispose: (state) => {
        log.push(`dispose ${state.seen}`);
      },
    });
    const packets = (...data: string[]) => data.map((value) => ({ data: value, to: { nodeId: 'n', portId: 'in' } }));
    await runGraph({ processes: { n: { component: 'test_stateful' } }, connections: packets('a', 'b') }, testCatalogue(stateful), testRun);
    expect(log).toEqual(['create', 'dispose 2']);
    log.length = 0;
    const { result } = await runGraph({ processes: { n: { component: 'test_stateful' } }, connections: packets('bad', 'b') }, testCatalogue(stateful), testRun);
    expect(result.success).toBe(false);
    expect(log).toEqual(['create', 'dispose 1']);
  });

  describe('updateNodeConfig', () => {
    function gatedNetwork(onEvent?: (event: EngineEvent) => void) {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const gated = defineActor({
        id: 'test_gated',
        inports: {},
        outports: { out: {} },
        async fire({ send }) {
          await send('out', 1);
          await gate;
          await send('out', 2);
        },
      });
      const received: JsonValue[] = [];
      const catalogue = testCatalogue(gated, collector('test_sink', received));
      const parsed = parseGraph({
        processes: { g: { component: 'test_gated' }, sc: { component: 'test_scale', metadata: { config: { base: 1 } } }, s: { component: 'test_sink' } },
        connections: [
          { from: { nodeId: 'g', portId: 'out' }, to: { nodeId: 'sc', portId: 'value' } },
          { data: 1, to: { nodeId: 'sc', portId: 'factor' } },
          { from: { nodeId: 'sc', portId: 'out' }, to: { nodeId: 's', portId: 'in' } },
        ],
      });
      if (!parsed.ok) throw new Error('graph does not parse');
      const valid = validateGraph(parsed.graph, catalogue);
      if (!valid.ok) throw new Error('graph is invalid');
      const network = createNetwork(valid.graph, catalogue, { ...testRun, onEvent });
      return { network, received, release };
    }

    async function untilReceived(received: JsonValue[], count: number): Promise<void> {
      while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 2));
    }

    it('applies a valid configuration at the next firing', async () => {
      const { network, received, release } = gatedNetwork();
      const done = network.run();
      await untilReceived(received, 1);
      expect(network.updateNodeConfig('sc', { base: 10 })).toEqual({ ok: true });
      release();
      const result = await done;
      expect(received).toEqual([1, 20]);
      expect(result.success).toBe(true);
    });

    it('refuses an invalid configuration and keeps running with the old one', async () => {
      const events: EngineEvent[] = [];
      const { network, received, release } = gatedNetwork((event) => events.push(event));
      const done = network.run();
      await untilReceived(received, 1);
      expect(network.updateNodeConfig('sc', { base: 'ten' })).toEqual({
        ok: false,
        reason: 'invalid',
        issues: ["config 'base': Expected number, received string"],
      });
      release();
      const result = await done;
      expect(events.filter((e) => e._type === 'ActorFailed')).toEqual([]);
      expect(result.success).toBe(true);
      expect(received).toEqual([1, 2]);
    });

    it('refuses unknown nodes and finished networks', async () => {
      const { network, release } = gatedNetwork();
      expect(network.updateNodeConfig('ghost', {})).toMatchObject({ ok: false, reason: 'unknown-node' });
      release();
      await network.run();
      expect(network.updateNodeConfig('sc', { base: 2 })).toMatchObject({ ok: false, reason: 'not-running' });
      expect(network.state).toBe('completed');
    });
  });

  describe('configuration', () => {
    function counted() {
      const count = { parses: 0 };
      const echo = defineActor({
        id: 'test_echo_config',
        inports: {},
        outports: { out: {} },
        config: z.object({ a: z.number(), b: z.number().default(0), key: z.string().default('') }).transform((config) => {
          count.parses++;
          return config;
        }),
        fire: ({ config, send }) => send('out', config),
      });
      const catalogue = testCatalogue(echo);
      const parsed = parseGraph({ processes: { e: { component: 'test_echo_config', metadata: { propertyValues: { a: 2, b: 2 }, config: { a: 3 } } } } });
      if (!parsed.ok) throw new Error('graph does not parse');
      const valid = validateGraph(parsed.graph, catalogue, { defaultActorConfig: { b: 1, key: '${secret:K}' } });
      if (!valid.ok) throw new Error('graph is invalid');
      return { count, catalogue, graph: valid.graph };
    }

    it('runs each node with the configuration validation parsed, parsing it no more at each run', async () => {
      const { count, catalogue, graph } = counted();
      expect(count.parses).toBe(1);
      const first = await createNetwork(graph, catalogue, testRun).run();
      const second = await createNetwork(graph, catalogue, { ...testRun, resolveConfig: (config) => config }).run();
      expect(first.outputs).toEqual({ 'e.out': { a: 3, b: 2, key: '${secret:K}' } });
      expect(second.outputs).toEqual(first.outputs);
      expect(count.parses).toBe(1);
    });

    it('parses the configuration again when resolving its secret references changes it', async () => {
      const { count, catalogue, graph } = counted();
      const result = await createNetwork(graph, catalogue, { ...testRun, resolveConfig: (config) => ({ ...config, key: 'resolved' }) }).run();
      expect(result.outputs).toEqual({ 'e.out': { a: 3, b: 2, key: 'resolved' } });
      expect(count.parses).toBe(2);
    });

    it('merges an update of metadata.config over the defaults and propertyValues, and validates it', async () => {
      const { count, catalogue, graph } = counted();
      const network = createNetwork(graph, catalogue, testRun);
      expect(network.updateNodeConfig('e', { a: 'x' })).toMatchObject({ ok: false, reason: 'invalid' });
      expect(network.updateNodeConfig('e', { b: 5, a: 7 })).toEqual({ ok: true });
      const result = await network.run();
      expect(result.outputs).toEqual({ 'e.out': { a: 7, b: 5, key: '${secret:K}' } });
      expect(count.parses).toBe(2);
      expect(graph.nodes[0].nodeConfig.merged).toEqual({ a: 3, b: 2, key: '${secret:K}' });
    });
  });
});
