import { defineActor } from '../sdk/actor-definition';
import { type JsonValue, type EngineEventOf } from '../../../model';
import { runGraph } from './run-graph';
import { collector, testCatalogue, testRun } from '../../../test/support/kits';

const sink = { component: 'test_sink' };

describe('a network', () => {
  it('feeds exported inports from the input and reports exported outports (NoFlo-style ends)', async () => {
    const graph = {
      caseSensitive: false,
      processes: { add: { component: 'test_add', metadata: { config: { offset: 0.5 } } } },
      connections: [],
      inports: { x: { process: 'add', port: 'a' }, y: { process: 'add', port: 'B' } },
      outports: { total: { process: 'add', port: 'sum' } },
    };
    const { result } = await runGraph(graph, testCatalogue(), { ...testRun, input: { x: 3, y: 4.5 } });
    expect(result).toMatchObject({
      success: true,
      outputs: { total: 8 },
      errors: [],
      nodes_executed: 1,
      nodes_failed: 0,
      execution_id: 'exec-1',
      workflow_id: 'wf-1',
    });
    expect(Date.parse(result.end_time)).toBeGreaterThanOrEqual(Date.parse(result.start_time));
  });

  it('delivers each packet to every target of a fanned-out port, initial packets included', async () => {
    const graph = {
      processes: {
        num: { component: 'test_constant', metadata: { config: { value: 4 } } },
        double: { component: 'test_scale' },
        triple: { component: 'test_scale' },
      },
      connections: [
        { from: { nodeId: 'num', portId: 'out' }, to: { nodeId: 'double', portId: 'value' } },
        { from: { nodeId: 'num', portId: 'out' }, to: { nodeId: 'triple', portId: 'value' } },
        { data: 2, to: { nodeId: 'double', portId: 'factor' } },
        { data: 3, to: { nodeId: 'triple', portId: 'factor' } },
      ],
      outports: { double: { nodeId: 'double', portId: 'out' }, triple: { nodeId: 'triple', portId: 'out' } },
    };
    const { result, events } = await runGraph(graph, testCatalogue(), testRun);
    expect(result.outputs).toEqual({ double: 8, triple: 12 });
    const sent = events.filter((event): event is EngineEventOf<'MessageSent'> => event._type === 'MessageSent');
    expect(sent.map((event) => [event.fromActor, event.fromPort, event.toActor, event.toPort, event.message])).toEqual([
      ['num', 'out', 'double', 'value', 4],
      ['num', 'out', 'triple', 'value', 4],
    ]);
  });

  it('interleaves fan-in and keeps each connection in order over 10,000 packets', async () => {
    const received: JsonValue[] = [];
    const graph = {
      processes: {
        a: { component: 'test_count', metadata: { config: { count: 10_000 } } },
        b: { component: 'test_count', metadata: { config: { count: 10_000 } } },
        pa: { component: 'test_pass' },
        pb: { component: 'test_pass' },
        tag: { component: 'test_tag' },
        s: sink,
      },
      connections: [
        { from: { nodeId: 'a', portId: 'out' }, to: { nodeId: 'pa', portId: 'in' } },
        { from: { nodeId: 'b', portId: 'out' }, to: { nodeId: 'pb', portId: 'in' } },
        { from: { nodeId: 'pa', portId: 'out' }, to: { nodeId: 'tag', portId: 'left' } },
        { from: { nodeId: 'pb', portId: 'out' }, to: { nodeId: 'tag', portId: 'right' } },
        { from: { nodeId: 'tag', portId: 'out' }, to: { nodeId: 's', portId: 'in' } },
      ],
    };
    const tag = defineActor({
      id: 'test_tag',
      inports: { left: {}, right: {} },
      outports: { out: {} },
      fire: async ({ inputs, send }) => {
        if (inputs.left !== undefined) await send('out', ['L', inputs.left]);
        if (inputs.right !== undefined) await send('out', ['R', inputs.right]);
      },
    });
    const { result } = await runGraph(graph, testCatalogue(tag, collector('test_sink', received)), testRun);
    expect(result.success).toBe(true);
    const left = received.filter((p) => (p as JsonValue[])[0] === 'L').map((p) => (p as JsonValue[])[1]);
    const right = received.filter((p) => (p as JsonValue[])[0] === 'R').map((p) => (p as JsonValue[])[1]);
    const expected = Array.from({ length: 10_000 }, (_, i) => i);
    expect(left).toEqual(expected);
    expect(right).toEqual(expected);
    const firstRight = received.findIndex((p) => (p as JsonValue[])[0] === 'R');
    expect(firstRight).toBeLessThan(received.length - 10_000);
  });

  it('fires a two-input node once both required ports hold a packet, and ends with leftovers queued', async () => {
    const graph = {
      processes: { add: { component: 'test_add' }, s: sink },
      connections: [
        { data: 1, to: { nodeId: 'add', portId: 'a' } },
        { data: 2, to: { nodeId: 'add', portId: 'a' } },
        { data: 3, to: { nodeId: 'add', portId: 'a' } },
        { data: 10, to: { nodeId: 'add', portId: 'b' } },
        { data: 20, to: { nodeId: 'add', portId: 'b' } },
        { from: { nodeId: 'add', portId: 'sum' }, to: { nodeId: 's', portId: 'in' } },
      ],
    };
    const received: JsonValue[] = [];
    const { result } = await runGraph(graph, testCatalogue(collector('test_sink', received)), testRun);
    expect(received).toEqual([11, 22]);
    expect(result.success).toBe(true);
  });

  it('reads a sticky port for every firing until a newer packet replaces it', async () => {
    const graph = {
      processes: { sc: { component: 'test_scale' }, s: sink },
      connections: [
        { data: 1, to: { nodeId: 'sc', portId: 'value' } },
        { data: 2, to: { nodeId: 'sc', portId: 'value' } },
        { data: 3, to: { nodeId: 'sc', portId: 'value' } },
        { data: 10, to: { nodeId: 'sc', portId: 'factor' } },
        { data: 100, to: { nodeId: 'sc', portId: 'factor' } },
        { from: { nodeId: 'sc', portId: 'out' }, to: { nodeId: 's', portId: 'in' } },
      ],
    };
    const received: JsonValue[] = [];
    await runGraph(graph, testCatalogue(collector('test_sink', received)), testRun);
    expect(received).toEqual([10, 200, 300]);
  });

  it('fires a node with no fed port exactly once, and an all-optional node once per packet', async () => {
    let fired = 0;
    const once = defineActor({
      id: 'test_once',
      inports: { in: {} },
      outports: { out: {} },
      fire: ({ send }) => {
        fired++;
        return send('out', fired);
      },
    });
    const received: JsonValue[] = [];
    const graph = {
      processes: { o: { component: 'test_once' }, p: { component: 'test_pass' }, s: sink },
      connections: [
        { from: { nodeId: 'o', portId: 'out' }, to: { nodeId: 'p', portId: 'in' } },
        { data: 'x', to: { nodeId: 'p', portId: 'in' } },
        { from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 's', portId: 'in' } },
      ],
    };
    const { result } = await runGraph(graph, testCatalogue(once, collector('test_sink', received)), testRun);
    expect(fired).toBe(1);
    expect(received).toEqual(['x', 1]);
    expect(result.nodes_executed).toBe(3);
  });

  it('gives the whole input to every unfed inport of a graph without exported inports', async () => {
    const received: JsonValue[] = [];
    const graph = {
      processes: { p: { component: 'test_pass' }, s: sink },
      connections: [{ from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 's', portId: 'in' } }],
    };
    const { result } = await runGraph(graph, testCatalogue(collector('test_sink', received)), { ...testRun, input: { n: 5 } });
    expect(received).toEqual([{ n: 5 }]);
    expect(result.outputs).toEqual({});
  });

  it('delivers nothing for an empty input, so nodes with no other feed run as sources', async () => {
    const received: JsonValue[] = [];
    const graph = {
      processes: { p: { component: 'test_pass' }, s: sink },
      connections: [{ from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 's', portId: 'in' } }],
    };
    await runGraph(graph, testCatalogue(collector('test_sink', received)), { ...testRun, input: {} });
    expect(received).toEqual([null]);
  });

  it('reports the last packet of each unconnected output and every graph output when no outports are exported', async () => {
    const graph = {
      processes: {
        c: { component: 'test_count', metadata: { config: { count: 3 } } },
        o: { component: 'test_graph_output', metadata: { config: { outputName: 'last' } } },
      },
      connections: [{ from: { nodeId: 'c', portId: 'out' }, to: { nodeId: 'o', portId: 'data' } }],
    };
    const { result } = await runGraph(graph, testCatalogue(), testRun);
    expect(result.outputs).toEqual({ last: 2 });
    const loose = await runGraph({ processes: { c: { component: 'test_count', metadata: { config: { count: 3 } } } } }, testCatalogue(), testRun);
    expect(loose.result.outputs).toEqual({ 'c.out': 2 });
  });

  it('hands graph-input nodes the input by name at top level', async () => {
    const graph = {
      processes: {
        i: { component: 'test_graph_input', metadata: { config: { inputName: 'n' } } },
        o: { component: 'test_graph_output', metadata: { config: { outputName: 'echo' } } },
      },
      connections: [{ from: { nodeId: 'i', portId: 'data' }, to: { nodeId: 'o', portId: 'data' } }],
    };
    const { result } = await runGraph(graph, testCatalogue(), { ...testRun, input: { n: [1, 2] } });
    expect(result.outputs).toEqual({ echo: [1, 2] });
  });

  it('holds back a producer that awaits send so a slow consumer never has more than queueCapacity packets queued', async () => {
    const capacity = 10;
    let sent = 0;
    let taken = 0;
    let maxQueued = 0;
    const producer = defineActor({
      id: 'test_producer',
      inports: {},
      outports: { out: {} },
      async fire({ send }) {
        for (let i = 0; i < 300; i++) {
          const wait = send('out', i);
          sent++;
          maxQueued = Math.max(maxQueued, sent - taken);
          await wait;
        }
      },
    });
    const slow = defineActor({
      id: 'test_slow',
      inports: { in: {} },
      outports: {},
      async fire() {
        taken++;
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const graph = {
      processes: { p: { component: 'test_producer' }, s: { component: 'test_slow' } },
      connections: [{ from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 's', portId: 'in' } }],
    };
    const { result } = await runGraph(graph, testCatalogue(producer, slow), { ...testRun, queueCapacity: capacity });
    expect(result.success).toBe(true);
    expect(taken).toBe(300);
    expect(maxQueued).toBeGreaterThan(1);
    expect(maxQueued).toBeLessThanOrEqual(capacity);
  });

  it('paces a producer that awaits send so the event loop turns during its loop, whatever the queue capacity', async () => {
    let ticks = 0;
    let running = true;
    const probe = (): void => {
      if (!running) return;
      ticks++;
      setImmediate(probe);
    };
    setImmediate(probe);
    const seen: number[] = [];
    const producer = defineActor({
      id: 'test_fast_producer',
      inports: {},
      outports: { out: {} },
      async fire({ send }) {
        seen.push(ticks);
        for (let i = 0; i < 200_000; i++) await send('out', i);
        seen.push(ticks);
      },
    });
    const graph = {
      processes: { p: { component: 'test_fast_producer' }, q: { component: 'test_pass' } },
      connections: [{ from: { nodeId: 'p', portId: 'out' }, to: { nodeId: 'q', portId: 'in' } }],
    };
    const { result } = await runGraph(graph, testCatalogue(producer), { ...testRun, queueCapacity: 1_000_000 });
    running = false;
    expect(result.outputs).toEqual({ 'q.out': 199_999 });
    expect(seen[1]).toBeGreaterThan(seen[0]);
  });

  it('lets a synchronous sender overfill a queue without losing packets', async () => {
    const burst = defineActor({
      id: 'test_burst',
      inports: {},
      outports: { out: {} },
      fire: ({ send }) => {
        for (let i = 0; i < 50; i++) void send('out', i);
      },
    });
    const received: JsonValue[] = [];
    const graph = {
      processes: { b: { component: 'test_burst' }, s: sink },
      connections: [{ from: { nodeId: 'b', portId: 'out' }, to: { nodeId: 's', portId: 'in' } }],
    };
    await runGraph(graph, testCatalogue(burst, collector('test_sink', received)), { ...testRun, queueCapacity: 5 });
    expect(received).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('keeps the event loop turning during a 100,000-packet run', async () => {
    let ticks = 0;
    let running = true;
    const probe = (): void => {
      if (!running) return;
      ticks++;
      setImmediate(probe);
    };
    setImmediate(probe);
    const graph = {
      processes: { c: { component: 'test_count', metadata: { config: { count: 100_000 } } }, p1: { component: 'test_pass' }, p2: { component: 'test_pass' } },
      connections: [
        { from: { nodeId: 'c', portId: 'out' }, to: { nodeId: 'p1', portId: 'in' } },
        { from: { nodeId: 'p1', portId: 'out' }, to: { nodeId: 'p2', portId: 'in' } },
      ],
    };
    const { result } = await runGraph(graph, testCatalogue(), testRun);
    running = false;
    expect(result.outputs).toEqual({ 'p2.out': 99_999 });
    expect(ticks).toBeGreaterThan(10);
  });
});
