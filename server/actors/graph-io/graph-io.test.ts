import { type JsonObject, type JsonValue, createCatalogue, runGraph } from '../../engine';
import { mathActors } from '../math';
import { runNode } from '../../../test/support/kits';
import { graphIoActors } from './index';

const catalogue = createCatalogue([...graphIoActors, ...mathActors]);
const run = (graph: unknown, input?: JsonObject) => runGraph(graph, catalogue, { executionId: 'e', workflowId: 'w', input });

const link = (from: string, fromPort: string, to: string, toPort: string) => ({ from: { nodeId: from, portId: fromPort }, to: { nodeId: to, portId: toPort } });

/** A subgraph node wrapping graph_input -> absolute -> round -> graph_output. */
function absRound(names: { inputName?: string; outputName?: string } = {}) {
  return {
    component: 'subgraph',
    metadata: {
      graph: {
        processes: {
          in: { component: 'graph_input', metadata: { propertyValues: names.inputName === undefined ? {} : { inputName: names.inputName } } },
          abs: { component: 'tpl_math_absolute' },
          round: { component: 'tpl_math_round' },
          out: { component: 'graph_output', metadata: { propertyValues: names.outputName === undefined ? {} : { outputName: names.outputName } } },
        },
        connections: [link('in', 'data', 'abs', 'value-in'), link('abs', 'result-out', 'round', 'value-in'), link('round', 'result-out', 'out', 'data')],
      },
    },
  };
}

describe('graph_input', () => {
  it('emits the execution input named by inputName ("input" by default)', async () => {
    expect((await runNode(catalogue.get('graph_input')!)).outputs).toEqual({});
    const graph = (config: JsonObject) => ({ processes: { in: { component: 'graph_input', metadata: { config } } } });
    expect((await run(graph({}), { input: { a: 1 } })).result.outputs).toEqual({ 'in.data': { a: 1 } });
    expect((await run(graph({ inputName: 'amount' }), { amount: 12 })).result.outputs).toEqual({ 'in.data': 12 });
    expect((await run(graph({ inputName: '' }), { input: 'blank name means the default' })).result.outputs).toEqual({
      'in.data': 'blank name means the default',
    });
  });

  it('emits nothing when the run has no input of that name, and an input key naming no graph input is refused', async () => {
    const graph = { processes: { in: { component: 'graph_input', metadata: { config: { inputName: 'missing' } } } } };
    const { result } = await run(graph, {});
    expect(result.success).toBe(true);
    expect(result.outputs).toEqual({});
    await expect(run(graph, { other: 1 })).rejects.toThrow("UNKNOWN_INPUT at input.other: Input 'other' names no input of the graph (its inputs: missing)");
  });

  it('fails when the value is not of the declared dataType', async () => {
    const graph = { processes: { in: { component: 'graph_input', metadata: { config: { dataType: 'number' } } } } };
    expect((await run(graph, { input: 3 })).result.outputs).toEqual({ 'in.data': 3 });
    const { result } = await run(graph, { input: 'three' });
    expect(result.errors).toEqual([{ node_id: 'in', message: `Graph input 'input' expects a value of type number, got "three"` }]);
  });
});

describe('graph_output', () => {
  it('makes each packet the run output named by outputName', async () => {
    const graph = (config: JsonObject) => ({
      processes: { out: { component: 'graph_output', metadata: { config } } },
      connections: [
        { data: 1, to: { nodeId: 'out', portId: 'data' } },
        { data: 2, to: { nodeId: 'out', portId: 'data' } },
      ],
    });
    expect((await run(graph({}))).result.outputs).toEqual({ output: 2 });
    expect((await run(graph({ outputName: 'total' }))).result.outputs).toEqual({ total: 2 });
  });

  it('fails when the value is not of the declared dataType', async () => {
    const graph = {
      processes: { out: { component: 'graph_output', metadata: { config: { dataType: 'array' } } } },
      connections: [{ data: { a: 1 }, to: { nodeId: 'out', portId: 'data' } }],
    };
    expect((await run(graph)).result.errors[0].message).toBe(`Graph output 'output' expects a value of type array, got an object`);
  });
});

describe('composite nodes', () => {
  it('run absolute -> round inside a subgraph: -41.7 in, then sqrt gives 6.48', async () => {
    const graph = {
      processes: { sub: absRound(), root: { component: 'tpl_math_sqrt' } },
      connections: [{ data: -41.7, to: { nodeId: 'sub', portId: 'input' } }, link('sub', 'output', 'root', 'value-in')],
      outports: { root: { process: 'root', port: 'result-out' } },
    };
    const { result, events } = await run(graph);
    expect(result.errors).toEqual([]);
    expect(result.outputs).toEqual({ root: 6.48 });
    expect(events.filter((event) => event._type === 'ActorCompleted').map((event) => (event as unknown as { actorId: string }).actorId)).toEqual(
      expect.arrayContaining(['sub/in', 'sub/abs', 'sub/round', 'sub/out', 'sub', 'root']),
    );
  });

  it('name the subgraph node ports after inputName and outputName, fed from an exported inport', async () => {
    const graph = {
      processes: { sub: absRound({ inputName: 'value', outputName: 'rounded' }) },
      inports: { x: { process: 'sub', port: 'value' } },
      outports: { y: { process: 'sub', port: 'rounded' } },
    };
    const outputs: JsonValue[] = [];
    for (const x of [-2.5, 7.2]) outputs.push((await run(graph, { x })).result.outputs.y);
    expect(outputs).toEqual([3, 7]);
    await expect(run({ ...graph, inports: { x: { process: 'sub', port: 'input' } } }, { x: 1 })).rejects.toThrow("Port 'input' not found on node 'sub'");
  });

  it('fail the run naming the inner node that failed', async () => {
    const graph = {
      processes: { sub: absRound() },
      connections: [{ data: 'not a number', to: { nodeId: 'sub', portId: 'input' } }],
    };
    const { result } = await run(graph);
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([{ node_id: 'sub/abs', message: `Port 'value-in' expects a number, got "not a number"` }]);
  });
});
