import { type JsonObject } from '../../engine';
import { ConvertedGraphSchema, type ConvertedGraph } from './converted-graph';
import { convertIdeWorkflow } from './convert-ide-workflow';
import { type IdeConversion } from './ide-conversion';
import { createTestCatalogue, readIdeFixture } from '../../../test/support/kits';

const catalogue = createTestCatalogue([
  'tpl_http_request',
  'tpl_if_branch',
  'tpl_data_transformer',
  'tpl_javascript_script',
  'tpl_loop',
  'tpl_number_input',
  'tpl_math_absolute',
  'tpl_math_round',
  'tpl_math_sqrt',
  'graph_input',
  'graph_output',
]);

function convert(workflow: unknown): IdeConversion {
  const outcome = convertIdeWorkflow(workflow, catalogue);
  if (!outcome.ok) throw new Error(`Expected a conversion, got ${JSON.stringify(outcome.issues)}`);
  return outcome.conversion;
}

function innerGraph(graph: ConvertedGraph, nodeId: string): ConvertedGraph {
  return ConvertedGraphSchema.parse(graph.processes[nodeId].metadata.graph);
}

function fixtureValues(fixture: JsonObject, graphIndex: number, nodeIndex: number): JsonObject {
  const graphs = fixture.graphs as JsonObject[];
  const node = (graphs[graphIndex].nodes as JsonObject[])[nodeIndex];
  return (node.metadata as JsonObject).propertyValues as JsonObject;
}

const HTTP = 'tpl_http_request-1733140800123-k2j4h6g8a';
const IF = 'tpl_if_branch-1733140805456-p9o8i7u6y';
const BIG = 'tpl_data_transformer-1733140811789-q1w2e3r4t';
const FAILURE = 'tpl_data_transformer-1733140815012-z5x6c7v8b';

describe('converting the http-branch fixture', () => {
  const fixture = readIdeFixture('http-branch.json');
  const conversion = convert(fixture);
  const graph = conversion.engine_graph;

  it('makes one process per node, with the property values as its config', () => {
    expect(graph.processes).toEqual({
      [HTTP]: {
        component: 'tpl_http_request',
        metadata: {
          config: { url: 'http://127.0.0.1:8080/api/orders?status=open', method: 'GET', timeout: 5000, retryCount: 2, followRedirects: true },
          title: 'HTTP GET',
          templateId: 'tpl_http_request',
          sourcePath: 'graphs[0].nodes[0]',
        },
      },
      [IF]: {
        component: 'tpl_if_branch',
        metadata: { config: fixtureValues(fixture, 0, 1), title: 'Status is 200?', templateId: 'tpl_if_branch', sourcePath: 'graphs[0].nodes[1]' },
      },
      [BIG]: {
        component: 'tpl_data_transformer',
        metadata: { config: fixtureValues(fixture, 0, 2), title: 'Big orders', templateId: 'tpl_data_transformer', sourcePath: 'graphs[0].nodes[2]' },
      },
      [FAILURE]: {
        component: 'tpl_data_transformer',
        metadata: { config: fixtureValues(fixture, 0, 3), title: 'Failure report', templateId: 'tpl_data_transformer', sourcePath: 'graphs[0].nodes[3]' },
      },
    });
    expect(graph.processes[FAILURE].metadata.config).toMatchObject({ errorHandling: 'skip_item', batchSize: 1000, enableValidation: false });
    expect(graph.processes[IF].metadata.config.decisionRules).toHaveLength(1);
  });

  it('keeps every connection with its port ids and IDE id, fan-in included', () => {
    expect(graph.connections).toEqual([
      { from: { nodeId: HTTP, portId: 'response-out' }, to: { nodeId: IF, portId: 'input-in' }, metadata: { id: 'conn-1733140820345-a1s2d3f' } },
      { from: { nodeId: IF, portId: 'true-out' }, to: { nodeId: BIG, portId: 'data-in' }, metadata: { id: 'conn-1733140823678-g4h5j6k' } },
      { from: { nodeId: IF, portId: 'false-out' }, to: { nodeId: FAILURE, portId: 'data-in' }, metadata: { id: 'conn-1733140826901-l7z8x9c' } },
      { from: { nodeId: HTTP, portId: 'error-out' }, to: { nodeId: FAILURE, portId: 'data-in' }, metadata: { id: 'conn-1733140829234-v1b2n3m' } },
    ]);
  });

  it('names the graph after the IDE graph and its workflow, with no exported ports', () => {
    expect(graph.caseSensitive).toBe(true);
    expect(graph.properties).toEqual({
      name: 'Main',
      id: 'main',
      namespace: '0b7f4c52-3d7e-4f0a-9a51-6c2f1e8d4a10/main',
      workflowId: '0b7f4c52-3d7e-4f0a-9a51-6c2f1e8d4a10',
      workflowName: 'Order fetch with status branch',
    });
    expect(graph.inports).toEqual({});
    expect(graph.outports).toEqual({});
  });

  it('turns the IDE group into an engine group', () => {
    expect(graph.groups).toEqual([
      { name: 'Result handling', nodes: [BIG, FAILURE], metadata: { description: 'Success and failure paths', color: '#3b82f6' } },
    ]);
  });

  it('lists the templates used, first use first, and counts nodes and connections', () => {
    expect(conversion.required_actors).toEqual(['tpl_http_request', 'tpl_if_branch', 'tpl_data_transformer']);
    expect(conversion.unsupported_actors).toEqual([]);
    expect(conversion.required_env_vars).toEqual([]);
    expect(conversion.conversion_metadata).toEqual({
      source_workflow_id: '0b7f4c52-3d7e-4f0a-9a51-6c2f1e8d4a10',
      source_workflow_name: 'Order fetch with status branch',
      node_count: 4,
      connection_count: 4,
    });
  });

  it('lists the templates the catalogue has no actor for instead of failing', () => {
    const outcome = convertIdeWorkflow(fixture, createTestCatalogue(['tpl_if_branch']));
    expect(outcome.ok && outcome.conversion.unsupported_actors).toEqual(['tpl_http_request', 'tpl_data_transformer']);
  });
});

describe('converting the snake-case fixture', () => {
  it('gives the same engine graph and lists as the camelCase http-branch fixture', () => {
    expect(convert(readIdeFixture('snake-case.json'))).toEqual(convert(readIdeFixture('http-branch.json')));
  });
});

describe('converting the script-loop fixture', () => {
  const conversion = convert(readIdeFixture('script-loop.json'));
  const SCRIPT = 'tpl_javascript_script-1733227200111-m3n4b5v6c';
  const LOOP = 'tpl_loop-1733227204222-x7z8a9s0d';
  const PRICE = 'tpl_data_transformer-1733227208333-f1g2h3j4k';

  it('configures the script, the loop and the transformer from their property values', () => {
    const processes = conversion.engine_graph.processes;
    expect(Object.keys(processes)).toEqual([SCRIPT, LOOP, PRICE]);
    expect(processes[SCRIPT].component).toBe('tpl_javascript_script');
    expect(processes[SCRIPT].metadata.config).toEqual({ script: expect.stringContaining('return items;'), timeout: 5000, memoryLimit: 64 });
    expect(processes[LOOP].metadata.config).toEqual({ loopType: 'for-each', batchSize: 1, maxIterations: 100, breakCondition: '' });
    expect(processes[PRICE].metadata.config).toMatchObject({ errorHandling: 'stop_pipeline', batchSize: 1, enableValidation: true });
  });

  it('wires the script into the loop and each item into the transformer', () => {
    expect(conversion.engine_graph.connections).toEqual([
      { from: { nodeId: SCRIPT, portId: 'result-out' }, to: { nodeId: LOOP, portId: 'items-in' }, metadata: { id: 'conn-1733227212444-h5j6k7l' } },
      { from: { nodeId: LOOP, portId: 'item-out' }, to: { nodeId: PRICE, portId: 'data-in' }, metadata: { id: 'conn-1733227216555-z1x2c3v' } },
    ]);
    expect(conversion.engine_graph.groups).toEqual([]);
  });

  it('lists its three templates and counts three nodes and two connections', () => {
    expect(conversion.required_actors).toEqual(['tpl_javascript_script', 'tpl_loop', 'tpl_data_transformer']);
    expect(conversion.conversion_metadata).toMatchObject({ node_count: 3, connection_count: 2 });
  });
});

describe('converting the subgraph fixture', () => {
  const conversion = convert(readIdeFixture('subgraph.json'));
  const graph = conversion.engine_graph;
  const NUMBER = 'tpl_number_input-1733313630888-i6j7k8l9m';
  const SUB = 'subgraph-1733313634999-o0p1q2r';
  const SQRT = 'tpl_math_sqrt-1733313639000-s3t4u5v6w';
  const IN = 'graph_input-1733313605111-a1b2c3d4e';
  const ABS = 'tpl_math_absolute-1733313608222-f5g6h7j8k';
  const ROUND = 'tpl_math_round-1733313611333-l9m0n1p2q';
  const OUT = 'graph_output-1733313614444-r3s4t5u6v';

  it('turns the subgraph node into a composite node carrying the converted inner graph', () => {
    expect(Object.keys(graph.processes)).toEqual([NUMBER, SUB, SQRT]);
    expect(graph.processes[NUMBER].metadata.config).toEqual({ defaultValue: -41.7, step: 1, format: 'decimal', decimals: 2 });
    expect(graph.processes[SUB]).toMatchObject({
      component: 'subgraph',
      metadata: { graphId: 'graph-1733313600777-n0rm4lz', config: {}, title: 'Normalise', templateId: 'subgraph', sourcePath: 'graphs[0].nodes[1]' },
    });
    expect(graph.connections.map((c) => [c.from.nodeId, c.from.portId, c.to.nodeId, c.to.portId])).toEqual([
      [NUMBER, 'output', SUB, 'input'],
      [SUB, 'output', SQRT, 'value-in'],
    ]);
  });

  it('converts the inner graph with its boundary nodes named input and output', () => {
    const inner = innerGraph(graph, SUB);
    expect(inner.properties).toMatchObject({ id: 'graph-1733313600777-n0rm4lz', name: 'Normalise' });
    expect(Object.fromEntries(Object.entries(inner.processes).map(([id, p]) => [id, [p.component, p.metadata.config]]))).toEqual({
      [IN]: ['graph_input', { inputName: 'input', dataType: 'number' }],
      [ABS]: ['tpl_math_absolute', {}],
      [ROUND]: ['tpl_math_round', { precision: 0, method: 'round' }],
      [OUT]: ['graph_output', { outputName: 'output', dataType: 'number' }],
    });
    expect(inner.connections.map((c) => [c.from.nodeId, c.from.portId, c.to.nodeId, c.to.portId])).toEqual([
      [IN, 'data', ABS, 'value-in'],
      [ABS, 'result-out', ROUND, 'value-in'],
      [ROUND, 'result-out', OUT, 'data'],
    ]);
  });

  it('lists inner templates right after the subgraph that uses them and counts both graphs', () => {
    expect(conversion.required_actors).toEqual([
      'tpl_number_input',
      'subgraph',
      'graph_input',
      'tpl_math_absolute',
      'tpl_math_round',
      'graph_output',
      'tpl_math_sqrt',
    ]);
    expect(conversion.unsupported_actors).toEqual([]);
    expect(conversion.conversion_metadata).toMatchObject({ node_count: 7, connection_count: 5 });
  });
});

describe('converting the nested-subgraph fixture', () => {
  const conversion = convert(readIdeFixture('nested-subgraph.json'));
  const OUTER = 'subgraph-1733400055444-t7u8v9w';
  const INNER = 'subgraph-1733400036888-t7u8v9w';

  it('embeds a subgraph inside a subgraph, two levels deep', () => {
    const outer = innerGraph(conversion.engine_graph, OUTER);
    expect(outer.properties.id).toBe('graph-1733400000111-m4gn1tu');
    const inner = innerGraph(outer, INNER);
    expect(inner.properties.id).toBe('graph-1733400000222-r0und3d');
    expect(Object.values(inner.processes).map((p) => p.component)).toEqual(['graph_input', 'tpl_math_round', 'graph_output']);
  });

  it('renames the innermost boundary nodes to the input and output ports of the subgraph node', () => {
    const inner = innerGraph(innerGraph(conversion.engine_graph, OUTER), INNER);
    expect(inner.processes['graph_input-1733400010111-k1l2m3n4p'].metadata.config).toEqual({ inputName: 'input', dataType: 'number' });
    expect(inner.processes['graph_output-1733400016333-v9w0x1y2z'].metadata.config).toEqual({ outputName: 'output', dataType: 'number' });
  });

  it('counts the nodes and connections of all three graphs and lists templates depth-first', () => {
    expect(conversion.conversion_metadata).toMatchObject({ node_count: 10, connection_count: 7 });
    expect(conversion.required_actors).toEqual([
      'tpl_number_input',
      'subgraph',
      'graph_input',
      'tpl_math_absolute',
      'tpl_math_round',
      'graph_output',
      'tpl_math_sqrt',
    ]);
  });
});
