import { defineActor } from '../sdk/actor-definition';
import { type EngineEvent, type JsonValue } from '../../../model';
import { createNetwork } from './network';
import { parseGraph } from '../graph/parse-graph';
import { runGraph } from './run-graph';
import { collector, testCatalogue, testRun } from '../../../test/support/kits';
import { validateGraph } from '../graph/validate-graph';
import { createCompositeActor } from './composite-actor';

const absGraph = {
  processes: {
    in: { component: 'test_graph_input' },
    abs: { component: 'test_abs' },
    out: { component: 'test_graph_output' },
  },
  connections: [
    { from: { nodeId: 'in', portId: 'data' }, to: { nodeId: 'abs', portId: 'in' } },
    { from: { nodeId: 'abs', portId: 'out' }, to: { nodeId: 'out', portId: 'data' } },
  ],
};

function around(inner: unknown, value: JsonValue | JsonValue[]) {
  const values = Array.isArray(value) ? value : [value];
  return {
    processes: { sub: { component: 'subgraph', metadata: { graph: inner } }, s: { component: 'test_sink' } },
    connections: [
      ...values.map((data) => ({ data, to: { nodeId: 'sub', portId: 'input' } })),
      { from: { nodeId: 'sub', portId: 'output' }, to: { nodeId: 's', portId: 'in' } },
    ],
  };
}

describe('a composite node', () => {
  it('declares no effects of its own, its inner nodes declaring theirs', () => {
    const actor = createCompositeActor({ inports: ['input'], outports: ['output'] }, () => Promise.reject(new Error('not run')));
    expect(actor.effects).toBe('none');
  });

  it('runs its inner graph per firing and sends graph outputs out of its own ports', async () => {
    const received: JsonValue[] = [];
    const { result, events } = await runGraph(around(absGraph, [-41.7, 3, -2]), testCatalogue(collector('test_sink', received)), testRun);
    expect(received).toEqual([41.7, 3, 2]);
    expect(result).toMatchObject({ success: true, nodes_executed: 2 });
    const actors = new Set(events.flatMap((event) => ('actorId' in event ? [event.actorId] : [])));
    expect([...actors].sort()).toEqual(['s', 'sub', 'sub/abs', 'sub/in', 'sub/out']);
    expect(events.filter((event) => event._type === 'NetworkStarted')).toHaveLength(1);
    expect(events.filter((event) => event._type === 'NetworkIdle')).toHaveLength(1);
    expect(events).toContainEqual(expect.objectContaining({ _type: 'MessageSent', fromActor: 'sub/abs', fromPort: 'out', toActor: 'sub/out', toPort: 'data' }));
  });

  it('uses the inner graph exported ports as its ports', async () => {
    const inner = {
      processes: { abs: { component: 'test_abs' } },
      inports: { v: { process: 'abs', port: 'in' } },
      outports: { r: { process: 'abs', port: 'out' } },
    };
    const graph = {
      processes: { sub: { component: 'subgraph', metadata: { graph: inner } } },
      connections: [{ data: -5, to: { nodeId: 'sub', portId: 'v' } }],
      outports: { result: { nodeId: 'sub', portId: 'r' } },
    };
    const { result } = await runGraph(graph, testCatalogue(), testRun);
    expect(result.outputs).toEqual({ result: 5 });
  });

  it('runs a composite node without inports once at start, like any source', async () => {
    const inner = {
      processes: {
        c: { component: 'test_count', metadata: { config: { count: 3 } } },
        out: { component: 'test_graph_output', metadata: { config: { outputName: 'n' } } },
      },
      connections: [{ from: { nodeId: 'c', portId: 'out' }, to: { nodeId: 'out', portId: 'data' } }],
    };
    const received: JsonValue[] = [];
    const graph = {
      processes: { sub: { component: 'subgraph', metadata: { graph: inner } }, s: { component: 'test_sink' } },
      connections: [{ from: { nodeId: 'sub', portId: 'n' }, to: { nodeId: 's', portId: 'in' } }],
    };
    const { events } = await runGraph(graph, testCatalogue(collector('test_sink', received)), testRun);
    expect(received).toEqual([0, 1, 2]);
    expect(events.filter((event) => event._type === 'ActorStarted' && event.actorId === 'sub')).toHaveLength(1);
  });

  it('nests two levels deep with ids prefixed by each enclosing node', async () => {
    const middle = {
      processes: {
        in: { component: 'test_graph_input' },
        deep: { component: 'subgraph', metadata: { graph: absGraph } },
        out: { component: 'test_graph_output' },
      },
      connections: [
        { from: { nodeId: 'in', portId: 'data' }, to: { nodeId: 'deep', portId: 'input' } },
        { from: { nodeId: 'deep', portId: 'output' }, to: { nodeId: 'out', portId: 'data' } },
      ],
    };
    const received: JsonValue[] = [];
    const { events } = await runGraph(around(middle, -7), testCatalogue(collector('test_sink', received)), testRun);
    expect(received).toEqual([7]);
    expect(events).toContainEqual(expect.objectContaining({ _type: 'ActorCompleted', actorId: 'sub/deep/abs' }));
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it('fails the outer run when the inner graph fails, naming the inner node', async () => {
    const inner = {
      processes: { in: { component: 'test_graph_input' }, f: { component: 'test_fail' } },
      connections: [{ from: { nodeId: 'in', portId: 'data' }, to: { nodeId: 'f', portId: 'in' } }],
    };
    const graph = {
      processes: { sub: { component: 'subgraph', metadata: { graph: inner } } },
      connections: [{ data: 'inner trouble', to: { nodeId: 'sub', portId: 'input' } }],
    };
    const { result, events } = await runGraph(graph, testCatalogue(), testRun);
    expect(result.errors).toEqual([{ node_id: 'sub/f', message: 'inner trouble' }]);
    const failures = events.filter((event) => event._type === 'ActorFailed').map((event) => ('actorId' in event ? event.actorId : ''));
    expect(failures).toEqual(['sub/f', 'sub']);
    expect(events.at(-1)).toMatchObject({ _type: 'Failed', error: "Node 'sub/f' failed: inner trouble" });
  });

  it('aborts inner actors when the outer run is cancelled', async () => {
    const signals: AbortSignal[] = [];
    const waiter = defineActor({
      id: 'test_waiter',
      inports: { in: {} },
      outports: {},
      fire: ({ signal }) => {
        signals.push(signal);
        return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      },
    });
    const inner = {
      processes: { in: { component: 'test_graph_input' }, w: { component: 'test_waiter' } },
      connections: [{ from: { nodeId: 'in', portId: 'data' }, to: { nodeId: 'w', portId: 'in' } }],
    };
    const catalogue = testCatalogue(waiter);
    const parsed = parseGraph({
      processes: { sub: { component: 'subgraph', metadata: { graph: inner } } },
      connections: [{ data: 1, to: { nodeId: 'sub', portId: 'input' } }],
    });
    const valid = parsed.ok ? validateGraph(parsed.graph, catalogue) : parsed;
    if (!valid.ok) throw new Error(JSON.stringify(valid.issues));
    const events: EngineEvent[] = [];
    const network = createNetwork(valid.graph, catalogue, { ...testRun, onEvent: (event) => events.push(event) });
    const done = network.run();
    while (signals.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    network.cancel();
    await done;
    expect(signals[0].aborted).toBe(true);
    expect(events.at(-1)?._type).toBe('Cancelled');
  });
});
