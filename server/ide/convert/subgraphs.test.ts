import { type JsonObject } from '../../engine';
import { ConvertedGraphSchema, type ConvertedGraph } from './converted-graph';
import { convertIdeWorkflow } from './convert-ide-workflow';
import { type IdeConversion } from './ide-conversion';
import { camelConnection, camelGraph, camelNode, createTestCatalogue, ideWorkflow } from '../../../test/support/kits';

const catalogue = createTestCatalogue(['tpl_number_input', 'tpl_math_absolute', 'tpl_math_round', 'tpl_math_sqrt', 'graph_input', 'graph_output']);

function convert(graphs: JsonObject[]): IdeConversion {
  const outcome = convertIdeWorkflow(ideWorkflow(graphs), catalogue);
  if (!outcome.ok) throw new Error(`Expected a conversion, got ${JSON.stringify(outcome.issues)}`);
  return outcome.conversion;
}

function issues(graphs: JsonObject[]) {
  const outcome = convertIdeWorkflow(ideWorkflow(graphs), catalogue);
  expect(outcome).not.toHaveProperty('conversion');
  return outcome.ok ? [] : outcome.issues;
}

function inner(graph: ConvertedGraph, nodeId: string): ConvertedGraph {
  return ConvertedGraphSchema.parse(graph.processes[nodeId].metadata.graph);
}

const sub = (id: string, graphId: string) => camelNode(id, 'subgraph', { graphId, title: `Runs ${graphId}` });
const input = (id: string, inputName?: string) => camelNode(id, 'graph_input', inputName === undefined ? {} : { propertyValues: { inputName } });
const output = (id: string, outputName?: string) => camelNode(id, 'graph_output', outputName === undefined ? {} : { propertyValues: { outputName } });

/** A graph that runs one node between a graph_input and a graph_output. */
function wrapping(id: string, node: JsonObject, inputName?: string, outputName?: string): JsonObject {
  const nodeId = node.id as string;
  const [inPort, outPort] = node.id === 'deeper' ? ['input', 'output'] : ['value-in', 'result-out'];
  return camelGraph(
    id,
    [input('in', inputName), node, output('out', outputName)],
    [camelConnection(`${id}-c1`, ['in', 'data'], [nodeId, inPort]), camelConnection(`${id}-c2`, [nodeId, outPort], ['out', 'data'])],
  );
}

/** The main graph: a number into the subgraph node `sub` running `graphId`, into a square root. */
function mainRunning(graphId: string): JsonObject {
  return camelGraph(
    'main',
    [camelNode('num', 'tpl_number_input'), sub('sub', graphId), camelNode('sqrt', 'tpl_math_sqrt')],
    [camelConnection('m1', ['num', 'output'], ['sub', 'input']), camelConnection('m2', ['sub', 'output'], ['sqrt', 'value-in'])],
  );
}

describe('subgraph nodes', () => {
  it('nest two deep, each composite carrying its own inner graph', () => {
    const graphs = [mainRunning('middle'), wrapping('middle', sub('deeper', 'leaf')), wrapping('leaf', camelNode('abs', 'tpl_math_absolute'))];
    const conversion = convert(graphs);
    const middle = inner(conversion.engine_graph, 'sub');
    const leaf = inner(middle, 'deeper');
    expect(conversion.engine_graph.processes.sub.metadata).toMatchObject({ graphId: 'middle', title: 'Runs middle' });
    expect(middle.processes.deeper.metadata).toMatchObject({ graphId: 'leaf', templateId: 'subgraph' });
    expect(Object.keys(leaf.processes)).toEqual(['in', 'abs', 'out']);
    expect(leaf.processes.abs.metadata.sourcePath).toBe('graphs[2].nodes[1]');
    expect(conversion.conversion_metadata).toMatchObject({ node_count: 9, connection_count: 6 });
  });

  it('report a graph that contains itself', () => {
    const graphs = [camelGraph('main', [sub('sub', 'loop')]), camelGraph('loop', [sub('again', 'loop')])];
    expect(issues(graphs)).toEqual([
      { path: 'graphs[1].nodes[0].metadata.graphId', message: "Graph 'loop' contains itself: its subgraph node 'again' runs graph 'loop'" },
    ]);
  });

  it('report a cycle through another graph, naming the graphs in it', () => {
    const graphs = [mainRunning('a'), wrapping('a', sub('deeper', 'b')), wrapping('b', sub('deeper', 'a'))];
    expect(issues(graphs)).toEqual([
      {
        path: 'graphs[2].nodes[1].metadata.graphId',
        message: "Subgraphs form a cycle: 'a' -> 'b' -> 'a' (subgraph node 'deeper' of graph 'b' runs 'a')",
      },
    ]);
  });

  it('report a graph id the workflow does not have', () => {
    expect(issues([mainRunning('missing')])).toEqual([
      {
        path: 'graphs[0].nodes[1].metadata.graphId',
        message: "Subgraph node 'sub' runs graph 'missing', which the workflow does not have (its graphs: 'main')",
      },
    ]);
  });

  it('report a subgraph node with no graph id', () => {
    const main = camelGraph('main', [camelNode('sub', 'subgraph')]);
    expect(issues([main])).toEqual([{ path: 'graphs[0].nodes[0].metadata.graphId', message: expect.stringContaining("Subgraph node 'sub' needs") }]);
  });

  it('report a port the parent uses that the inner graph has no boundary node for', () => {
    const leaf = camelGraph('leaf', [input('in'), camelNode('abs', 'tpl_math_absolute')], [camelConnection('l1', ['in', 'data'], ['abs', 'value-in'])]);
    expect(issues([mainRunning('leaf'), leaf])).toEqual([
      {
        path: 'graphs[0].connections[1].source.portId',
        message: "Subgraph node 'sub' uses port 'output', but graph 'leaf' has no graph_output named 'output' (its graph_output names: none)",
      },
    ]);
  });
});

describe('lining up a subgraph node with its inner boundary nodes', () => {
  it('renames every inner graph_input and graph_output when none carries the node port name', () => {
    const conversion = convert([mainRunning('leaf'), wrapping('leaf', camelNode('abs', 'tpl_math_absolute'), 'amount', 'magnitude')]);
    const leaf = inner(conversion.engine_graph, 'sub');
    expect(leaf.processes.in.metadata.config).toMatchObject({ inputName: 'input' });
    expect(leaf.processes.out.metadata.config).toMatchObject({ outputName: 'output' });
  });

  it('leaves the names alone when one inner graph_input already carries the port name', () => {
    const leaf = camelGraph(
      'leaf',
      [input('in', 'input'), input('extra', 'settings'), camelNode('abs', 'tpl_math_absolute'), output('out')],
      [camelConnection('l1', ['in', 'data'], ['abs', 'value-in']), camelConnection('l2', ['abs', 'result-out'], ['out', 'data'])],
    );
    const converted = inner(convert([mainRunning('leaf'), leaf]).engine_graph, 'sub');
    expect(converted.processes.extra.metadata.config).toMatchObject({ inputName: 'settings' });
  });

  it('renames per use, leaving the graph as its own other users see it', () => {
    const leaf = wrapping('leaf', camelNode('abs', 'tpl_math_absolute'), 'amount');
    const main = camelGraph('main', [sub('one', 'leaf'), camelNode('rnd', 'tpl_math_round')], [camelConnection('m1', ['one', 'output'], ['rnd', 'value-in'])]);
    const one = inner(convert([main, leaf]).engine_graph, 'one');
    expect(one.processes.in.metadata.config).toMatchObject({ inputName: 'input' });
  });

  it("treats the MCP helper's subgraph-input and subgraph-output nodes as graph_input and graph_output", () => {
    const mcpIn = {
      id: 'in',
      metadata: { type: 'subgraph-input', title: 'amount', category: 'graph-io', outputs: [{ id: 'output', name: 'amount', type: 'number' }] },
      position: { x: 0, y: 0 },
    };
    const mcpOut = {
      id: 'out',
      metadata: { type: 'subgraph-output', title: 'result', category: 'graph-io', inputs: [{ id: 'input', name: 'result', type: 'number' }] },
      position: { x: 0, y: 0 },
    };
    const leaf = {
      id: 'leaf',
      name: 'MCP graph',
      nodes: [mcpIn, camelNode('abs', 'tpl_math_absolute'), mcpOut],
      connections: [camelConnection('l1', ['in', 'output'], ['abs', 'value-in']), camelConnection('l2', ['abs', 'result-out'], ['out', 'input'])],
      groups: [],
    };
    const conversion = convert([mainRunning('leaf'), leaf]);
    const converted = inner(conversion.engine_graph, 'sub');
    expect(Object.values(converted.processes).map((p) => p.component)).toEqual(['graph_input', 'tpl_math_absolute', 'graph_output']);
    expect(converted.connections.map((c) => [c.from.portId, c.to.portId])).toEqual([
      ['data', 'value-in'],
      ['result-out', 'data'],
    ]);
    expect(conversion.required_actors).toContain('graph_input');
  });
});

describe('proxy nodes', () => {
  const leaf = () => wrapping('leaf', camelNode('rnd', 'tpl_math_round'));
  const proxyInput = (metadata: JsonObject = {}) =>
    camelNode('proxy_input_1', 'proxy_input', {
      ports: [{ id: 'proxy', type: 'input' }],
      properties: {},
      propertyValues: { subgraphId: 'leaf', targetNodeId: 'rnd', targetPortId: 'value-in' },
      ...metadata,
    });

  it('become a port of the subgraph node that feeds the inner target port through an added graph_input', () => {
    const main = camelGraph(
      'main',
      [camelNode('num', 'tpl_number_input'), sub('sub', 'leaf'), proxyInput()],
      [camelConnection('m1', ['num', 'output'], ['proxy_input_1', 'proxy'])],
    );
    const conversion = convert([main, leaf()]);
    expect(Object.keys(conversion.engine_graph.processes)).toEqual(['num', 'sub']);
    expect(conversion.engine_graph.connections).toEqual([
      { from: { nodeId: 'num', portId: 'output' }, to: { nodeId: 'sub', portId: 'proxy:proxy_input_1' }, metadata: { id: 'm1' } },
    ]);
    const converted = inner(conversion.engine_graph, 'sub');
    expect(converted.processes.proxy_input_1).toEqual({
      component: 'graph_input',
      metadata: { config: { inputName: 'proxy:proxy_input_1' }, title: 'Proxy Input', templateId: 'graph_input', sourcePath: 'graphs[0].nodes[2]' },
    });
    expect(converted.connections).toContainEqual({
      from: { nodeId: 'proxy_input_1', portId: 'data' },
      to: { nodeId: 'rnd', portId: 'value-in' },
      metadata: {},
    });
    expect(conversion.required_actors).not.toContain('proxy_input');
  });

  it('accept the proxy port declared either way and re-emit an inner output through an added graph_output', () => {
    const proxyOutput = camelNode('tap', 'proxy_output', {
      ports: [{ id: 'proxy', type: 'input' }],
      propertyValues: { subgraphId: 'leaf', sourceNodeId: 'rnd', sourcePortId: 'result-out' },
    });
    const main = camelGraph(
      'main',
      [sub('sub', 'leaf'), proxyOutput, camelNode('sqrt', 'tpl_math_sqrt')],
      [camelConnection('m1', ['tap', 'proxy'], ['sqrt', 'value-in'])],
    );
    const conversion = convert([main, leaf()]);
    expect(conversion.engine_graph.connections).toEqual([
      { from: { nodeId: 'sub', portId: 'proxy:tap' }, to: { nodeId: 'sqrt', portId: 'value-in' }, metadata: { id: 'm1' } },
    ]);
    const converted = inner(conversion.engine_graph, 'sub');
    expect(converted.processes.tap.metadata.config).toEqual({ outputName: 'proxy:tap' });
    expect(converted.connections).toContainEqual({ from: { nodeId: 'rnd', portId: 'result-out' }, to: { nodeId: 'tap', portId: 'data' }, metadata: {} });
  });

  it('report a proxy into a graph no subgraph node of its graph runs', () => {
    const main = camelGraph('main', [proxyInput()]);
    expect(issues([main, leaf()])).toEqual([
      {
        path: 'graphs[0].nodes[0].metadata.propertyValues.subgraphId',
        message: "Proxy node 'proxy_input_1' reaches into graph 'leaf', but no subgraph node of graph 'main' runs it",
      },
    ]);
  });

  it('report a proxy to an inner node or port that does not exist', () => {
    const badNode = proxyInput({ propertyValues: { subgraphId: 'leaf', targetNodeId: 'ghost', targetPortId: 'value-in' } });
    expect(issues([camelGraph('main', [sub('sub', 'leaf'), badNode]), leaf()])).toEqual([
      {
        path: 'graphs[0].nodes[1].metadata.propertyValues.targetNodeId',
        message: "Proxy node 'proxy_input_1' reaches node 'ghost', which graph 'leaf' does not have",
      },
    ]);
    const badPort = proxyInput({ propertyValues: { subgraphId: 'leaf', targetNodeId: 'rnd', targetPortId: 'result-out' } });
    expect(issues([camelGraph('main', [sub('sub', 'leaf'), badPort]), leaf()])).toEqual([
      {
        path: 'graphs[0].nodes[1].metadata.propertyValues.targetPortId',
        message: expect.stringContaining('which has no such input port (its inputs: value-in)'),
      },
    ]);
  });

  it('report a proxy input used as the start of a connection', () => {
    const main = camelGraph(
      'main',
      [sub('sub', 'leaf'), proxyInput(), camelNode('sqrt', 'tpl_math_sqrt')],
      [camelConnection('m1', ['proxy_input_1', 'proxy'], ['sqrt', 'value-in'])],
    );
    expect(issues([main, leaf()])).toEqual([
      { path: 'graphs[0].connections[0].source.nodeId', message: "Proxy input 'proxy_input_1' forwards packets into a subgraph; it cannot start a connection" },
    ]);
  });
});
