import { runGraph } from './run-graph';
import { CollectedPackets, type OutputCollection } from './collected-packets';
import { JsonText, jsonTextAt } from '../sdk/json-text';
import { testCatalogue, testRun } from '../../../test/support/kits';

const collecting = (outputs: OutputCollection['outputs'], maxBytes = 1_000_000): OutputCollection => ({
  outputs,
  maxBytes,
  tooLarge: (bytes) => `too large: ${bytes}`,
});

const counter = (count: number) => ({ component: 'test_count', metadata: { config: { count } } });

describe('CollectedPackets', () => {
  it('keeps each packet as it was when sent, and gives the array as JSON text of known size', () => {
    const packets = new CollectedPackets(collecting('all'));
    const item = { n: 1 };
    packets.add(item);
    item.n = 2;
    packets.add(new JsonText('{"big":"é"}', 12));
    packets.add(null);
    const value = packets.value() as JsonText;
    expect(value).toBeInstanceOf(JsonText);
    expect(value.value).toEqual([{ n: 1 }, { big: 'é' }, null]);
    expect(value.bytes).toBe(Buffer.byteLength(JSON.stringify([{ n: 1 }, { big: 'é' }, null])));
  });

  it('gives the same text as serialising the array, as its buffer grows past many packets of several-byte characters', () => {
    const sent = Array.from({ length: 500 }, (_, i) => ({ i, text: `€${'é'.repeat(i % 7)}"\\` }));
    const packets = new CollectedPackets(collecting('all'));
    for (const packet of sent) packets.add(packet);
    const value = packets.value() as JsonText;
    expect(value.text).toBe(JSON.stringify(sent));
    expect(value.bytes).toBe(Buffer.byteLength(value.text));
  });

  it('lets the packets go once their array is larger than maxBytes, and still counts its size', () => {
    // [0,1,2,3,4] is 11 bytes: within 11, over 10.
    const within = new CollectedPackets(collecting('all', 11));
    const over = new CollectedPackets(collecting('all', 10));
    for (let i = 0; i < 5; i++) {
      within.add(i);
      over.add(i);
    }
    expect((within.value() as JsonText).text).toBe('[0,1,2,3,4]');
    expect(over.value()).toBe('too large: 11');
    over.add('abc');
    expect(over.value()).toBe('too large: 17');
  });
});

describe('a run collecting every packet of its outputs', () => {
  it('reports only the last packet of an output without collect', async () => {
    const graph = { processes: { c: counter(3) }, outports: { n: { process: 'c', port: 'out' } } };
    const { result } = await runGraph(graph, testCatalogue(), testRun);
    expect(result.outputs).toEqual({ n: 2 });
  });

  it('reports every packet of an exported outport, in order, as JSON text the result can keep', async () => {
    const graph = { processes: { c: counter(4) }, outports: { n: { process: 'c', port: 'out' } } };
    const { result, events } = await runGraph(graph, testCatalogue(), { ...testRun, collect: collecting('all') });
    expect(result.outputs).toEqual({ n: [0, 1, 2, 3] });
    expect(jsonTextAt(result.outputs, 'n')?.text).toBe('[0,1,2,3]');
    expect(events.at(-1)).toMatchObject({ _type: 'Completed', result: { outputs: { n: [0, 1, 2, 3] } } });
  });

  it('collects only the outputs named "all", keeping the order in which outputs first got a packet', async () => {
    const graph = {
      processes: { a: counter(2), b: { component: 'test_constant', metadata: { config: { value: 'x' } } }, p: { component: 'test_pass' } },
      connections: [{ src: { process: 'a', port: 'out' }, tgt: { process: 'p', port: 'in' } }],
    };
    const { result } = await runGraph(graph, testCatalogue(), { ...testRun, collect: collecting({ 'p.out': 'all', 'b.out': 'last' }) });
    expect(result.outputs).toEqual({ 'b.out': 'x', 'p.out': [0, 1] });
  });

  it('collects what graph-output nodes send, and what a composite node sends out of its inner graph', async () => {
    const inner = {
      processes: {
        in: { component: 'test_graph_input', metadata: { config: { inputName: 'v' } } },
        out: { component: 'test_graph_output', metadata: { config: { outputName: 'w' } } },
      },
      connections: [{ src: { process: 'in', port: 'data' }, tgt: { process: 'out', port: 'data' } }],
    };
    const graph = {
      processes: {
        c: counter(3),
        sub: { component: 'subgraph', metadata: { graph: inner } },
        end: { component: 'test_graph_output', metadata: { config: { outputName: 'all' } } },
      },
      connections: [
        { src: { process: 'c', port: 'out' }, tgt: { process: 'sub', port: 'v' } },
        { src: { process: 'sub', port: 'w' }, tgt: { process: 'end', port: 'data' } },
      ],
    };
    const { result } = await runGraph(graph, testCatalogue(), { ...testRun, collect: collecting('all') });
    expect(result.outputs).toEqual({ all: [0, 1, 2] });
  });
});
