import { z } from 'zod';
import {
  type AnyActorDefinition,
  type Catalogue,
  type JsonValue,
  type NetworkOptions,
  type Network,
  createCatalogue,
  createNetwork,
  defineActor,
  GraphCompiler,
} from '../../server/engine';

/** What the benchmark's sinks have seen, so no work is optimised away. */
export const sinkTotals = { packets: 0, sum: 0 };

/**
 * A source that sends `count` packets (numbers, or ~1 KB objects of 120 doubles with `payload`), awaiting each
 * send unless `await` is false, and quitting when the run stops.
 */
const source = defineActor({
  id: 'bench_source',
  inports: {},
  outports: { out: {} },
  config: z.object({ count: z.number().int(), payload: z.boolean().default(false), await: z.boolean().default(true) }),
  async fire({ send, config, stopped }) {
    for (let i = 0; i < config.count && !stopped(); i++) {
      const packet: JsonValue = config.payload ? { i, values: new Array<number>(120).fill(i + 0.5) } : i;
      if (config.await) await send('out', packet);
      else void send('out', packet);
    }
  },
});

/** Forwards each packet: the cheapest possible actor, so the numbers measure the engine. */
export const passFire = ({ inputs, send }: { inputs: Partial<Record<'in', JsonValue>>; send: (port: 'out', value: JsonValue) => Promise<void> }) =>
  send('out', inputs.in ?? null);

const pass = defineActor({ id: 'bench_pass', inports: { in: {} }, outports: { out: {} }, config: z.object({}), fire: passFire });

/** Adds each number it receives to `sinkTotals`. */
export function sinkFire({ inputs }: { inputs: Partial<Record<'in', JsonValue>> }): void {
  sinkTotals.packets++;
  if (typeof inputs.in === 'number') sinkTotals.sum += inputs.in;
}

const sink = defineActor({ id: 'bench_sink', inports: { in: {} }, outports: {}, config: z.object({}), fire: sinkFire });

/** A consumer that yields to the event loop for every packet: much slower than any producer. */
const slowSink = defineActor({
  id: 'bench_slow_sink',
  inports: { in: {} },
  outports: {},
  config: z.object({}),
  async fire() {
    sinkTotals.packets++;
    await new Promise((resolve) => setImmediate(resolve));
  },
});

/** An actor that waits until its run is stopped, as a cooperative long-running actor does. */
const waiter = defineActor({
  id: 'bench_waiter',
  inports: {},
  outports: {},
  config: z.object({}),
  fire: ({ signal }) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
});

/** Every benchmark actor. */
export const benchCatalogue: Catalogue = createCatalogue([source, pass, sink, slowSink, waiter] as AnyActorDefinition[]);

type Processes = Record<string, { component: string; metadata?: { config: Record<string, JsonValue> } }>;
type Connection = { from: { nodeId: string; portId: string }; to: { nodeId: string; portId: string } };

const link = (from: string, to: string): Connection => ({ from: { nodeId: from, portId: 'out' }, to: { nodeId: to, portId: 'in' } });

/** source -> `stages` pass-through nodes -> sink. */
export function chainGraph(count: number, stages: number): unknown {
  const processes: Processes = { source: { component: 'bench_source', metadata: { config: { count } } }, sink: { component: 'bench_sink' } };
  const connections: Connection[] = [];
  let previous = 'source';
  for (let i = 0; i < stages; i++) {
    processes[`pass${i}`] = { component: 'bench_pass' };
    connections.push(link(previous, `pass${i}`));
    previous = `pass${i}`;
  }
  connections.push(link(previous, 'sink'));
  return { processes, connections };
}

/** source -> pass -> `width` sinks (one output port fanned out). */
export function fanOutGraph(count: number, width: number): unknown {
  const processes: Processes = { source: { component: 'bench_source', metadata: { config: { count } } }, split: { component: 'bench_pass' } };
  const connections: Connection[] = [link('source', 'split')];
  for (let i = 0; i < width; i++) {
    processes[`sink${i}`] = { component: 'bench_sink' };
    connections.push(link('split', `sink${i}`));
  }
  return { processes, connections };
}

/**
 * A 3-node graph (source sending one number, pass, sink) in NoFlo's FBP JSON form, as a new object with a new
 * graph name on every call: content no compiler has seen, so reading and validating it are paid for. The node
 * names stay the same: objects keyed by new names every time would also measure V8 making a hidden class for
 * each, in the engine and in NoFlo alike.
 */
export function freshThreeNodeGraph(serial: number): unknown {
  return {
    properties: { name: `bench-${serial}` },
    processes: {
      source: { component: 'bench_source', metadata: { config: { count: 1 } } },
      pass: { component: 'bench_pass' },
      sink: { component: 'bench_sink' },
    },
    connections: [
      { src: { process: 'source', port: 'out' }, tgt: { process: 'pass', port: 'in' } },
      { src: { process: 'pass', port: 'out' }, tgt: { process: 'sink', port: 'in' } },
    ],
  };
}

/** A fast producer of ~1 KB packets into a consumer that takes one packet per event-loop turn. */
export function slowConsumerGraph(count: number, awaitSends: boolean): unknown {
  return {
    processes: {
      source: { component: 'bench_source', metadata: { config: { count, payload: true, await: awaitSends } } },
      sink: { component: 'bench_slow_sink' },
    },
    connections: [link('source', 'sink')],
  };
}

/** `width` actors waiting for the run to stop. */
export function waitersGraph(width: number): unknown {
  const processes: Processes = {};
  for (let i = 0; i < width; i++) processes[`wait${i}`] = { component: 'bench_waiter' };
  return { processes };
}

/** Reads and validates the benchmark graphs, as the service does: once per distinct graph content. */
const compiler = new GraphCompiler(benchCatalogue);

/** Parses, validates and builds a network of benchmark actors. */
export function benchNetwork(json: unknown, options: Partial<NetworkOptions> = {}): Network {
  const compiled = compiler.compile(json);
  if (compiled.graph === undefined) throw new Error(`Benchmark graph is invalid: ${JSON.stringify(compiled.issues)}`);
  return createNetwork(compiled.graph, benchCatalogue, { executionId: 'bench', workflowId: 'bench', ...options });
}

/** The same work as the chain, as plain function calls in a loop: what the engine adds is everything above this. */
export function plainChainMs(count: number, stages: number): number {
  let value: JsonValue = null;
  const resolved = Promise.resolve();
  const send = (_port: 'out', next: JsonValue): Promise<void> => {
    value = next;
    return resolved;
  };
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    value = i;
    for (let s = 0; s < stages; s++) void passFire({ inputs: { in: value }, send });
    sinkFire({ inputs: { in: value } });
  }
  return performance.now() - started;
}
