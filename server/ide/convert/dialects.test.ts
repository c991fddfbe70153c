import { convertIdeWorkflow } from './convert-ide-workflow';
import { type IdeConversion } from './ide-conversion';
import { camelConnection, camelGraph, camelNode, createTestCatalogue, ideWorkflow } from '../../../test/support/kits';

const catalogue = createTestCatalogue(['tpl_math_absolute', 'tpl_math_round']);

function convert(workflow: unknown): IdeConversion {
  const outcome = convertIdeWorkflow(workflow, catalogue);
  if (!outcome.ok) throw new Error(`Expected a conversion, got ${JSON.stringify(outcome.issues)}`);
  return outcome.conversion;
}

const camelNodes = [
  camelNode('abs', 'tpl_math_absolute', { title: 'Magnitude' }),
  camelNode('rnd', 'tpl_math_round', { title: 'Whole', propertyValues: { precision: 1 } }),
];
const camelLink = camelConnection('c1', ['abs', 'result-out'], ['rnd', 'value-in']);

const snakeNodes = [
  { id: 'abs', template_id: 'tpl_math_absolute', node_type: 'math', title: 'Magnitude', ports: [], properties: {} },
  { id: 'rnd', template_id: 'tpl_math_round', node_type: 'math', title: 'Whole', properties: {}, property_values: { precision: 1 } },
];
const snakeLink = { id: 'c1', from: { node_id: 'abs', port_id: 'result-out' }, to: { node_id: 'rnd', port_id: 'value-in' } };

const expectedProcesses = {
  abs: { component: 'tpl_math_absolute', metadata: { config: {}, title: 'Magnitude', templateId: 'tpl_math_absolute', sourcePath: 'graphs[0].nodes[0]' } },
  rnd: {
    component: 'tpl_math_round',
    metadata: { config: { precision: 1, method: 'round' }, title: 'Whole', templateId: 'tpl_math_round', sourcePath: 'graphs[0].nodes[1]' },
  },
};
/** The expected processes when the graph's nodes sit at `<base>nodes[i]` of the submitted document. */
function processesAt(base: string) {
  return {
    abs: { ...expectedProcesses.abs, metadata: { ...expectedProcesses.abs.metadata, sourcePath: `${base}nodes[0]` } },
    rnd: { ...expectedProcesses.rnd, metadata: { ...expectedProcesses.rnd.metadata, sourcePath: `${base}nodes[1]` } },
  };
}
const expectedConnections = [{ from: { nodeId: 'abs', portId: 'result-out' }, to: { nodeId: 'rnd', portId: 'value-in' }, metadata: { id: 'c1' } }];

describe('the camelCase dialect', () => {
  it('converts nodes with metadata.templateId and source/target connections', () => {
    const conversion = convert(ideWorkflow([camelGraph('main', camelNodes, [camelLink])]));
    expect(conversion.engine_graph.processes).toEqual(expectedProcesses);
    expect(conversion.engine_graph.connections).toEqual(expectedConnections);
  });

  it('accepts the flat sourceNodeId/sourcePortId/targetNodeId/targetPortId connection form', () => {
    const flat = { id: 'c1', sourceNodeId: 'abs', sourcePortId: 'result-out', targetNodeId: 'rnd', targetPortId: 'value-in', state: 'pending' };
    expect(convert(ideWorkflow([camelGraph('main', camelNodes, [flat])])).engine_graph.connections).toEqual(expectedConnections);
  });
});

describe('the snake_case dialect', () => {
  it('converts flat nodes with template_id and property_values, and from/to connections', () => {
    const graph = { id: 'main', name: 'Main', namespace: 'wf-1/main', is_main: true, nodes: snakeNodes, connections: [snakeLink], groups: [] };
    const conversion = convert({ id: 'wf-1', name: 'Test workflow', description: '', graphs: [graph], metadata: { version: '1.0.0' } });
    expect(conversion.engine_graph.processes).toEqual(expectedProcesses);
    expect(conversion.engine_graph.connections).toEqual(expectedConnections);
  });

  it('reads ports declared with port_type and groups with name and nodes', () => {
    const nodes = [
      {
        ...snakeNodes[0],
        ports: [
          { id: 'value-in', port_type: 'input' },
          { id: 'abs-out', port_type: 'output' },
        ],
      },
      snakeNodes[1],
    ];
    const link = { ...snakeLink, from: { node_id: 'abs', port_id: 'abs-out' } };
    const groups = [{ id: 'g1', name: 'Maths', nodes: ['abs', 'rnd'], metadata: { description: 'Both', color: '#000000' } }];
    const conversion = convert({ id: 'wf-1', name: 'W', graphs: [{ id: 'main', is_main: true, nodes, connections: [link], groups }] });
    expect(conversion.engine_graph.connections[0].from).toEqual({ nodeId: 'abs', portId: 'abs-out' });
    expect(conversion.engine_graph.groups).toEqual([{ name: 'Maths', nodes: ['abs', 'rnd'], metadata: { description: 'Both', color: '#000000' } }]);
  });

  it('falls back to node_type when it is a known template id', () => {
    const node = { id: 'rnd', node_type: 'tpl_math_round', properties: {} };
    const conversion = convert({ id: 'wf', name: 'W', graphs: [{ id: 'main', is_main: true, nodes: [node], connections: [] }] });
    expect(conversion.engine_graph.processes.rnd.component).toBe('tpl_math_round');
  });

  it('points issues at snake_case keys', () => {
    const node = { id: 'x', node_type: 'math', properties: {} };
    const link = { from: { node_id: 'x', port_id: 'a' }, to: { node_id: 'ghost', port_id: 'b' } };
    const outcome = convertIdeWorkflow({ id: 'wf', name: 'W', graphs: [{ id: 'main', is_main: true, nodes: [node], connections: [link] }] }, catalogue);
    expect(outcome.ok ? [] : outcome.issues.map((issue) => issue.path)).toEqual(['graphs[0].nodes[0].template_id', 'graphs[0].connections[0].to.node_id']);
  });
});

describe('other workflow envelopes', () => {
  it('converts a bare graph, naming the workflow after it', () => {
    const conversion = convert(camelGraph('main', camelNodes, [camelLink]));
    expect(conversion.engine_graph.processes).toEqual(processesAt(''));
    expect(conversion.conversion_metadata).toEqual({ source_workflow_id: 'main', source_workflow_name: 'Main', node_count: 2, connection_count: 1 });
  });

  it("converts one graph sent as {workflowId, graphId, state}, with the paths under 'state'", () => {
    const conversion = convert({ workflowId: 'wf-9', graphId: 'main', name: 'Orders', state: { nodes: camelNodes, connections: [camelLink], groups: [] } });
    expect(conversion.engine_graph.properties).toMatchObject({ id: 'main', name: 'Orders', workflowId: 'wf-9' });
    expect(conversion.engine_graph.processes).toEqual(processesAt('state.'));
  });

  it('wraps the legacy envelope with top-level nodes into the graph main', () => {
    const conversion = convert({ id: 'wf-legacy', name: 'Old one', nodes: camelNodes, connections: [camelLink] });
    expect(conversion.engine_graph.properties).toEqual({ name: 'Main', id: 'main', namespace: 'main', workflowId: 'wf-legacy', workflowName: 'Old one' });
    expect(conversion.engine_graph.processes).toEqual(processesAt(''));
  });
});

describe('choosing the main graph', () => {
  const other = (id: string, isMain = false) => ({ ...camelGraph(id, [camelNode(`${id}-node`, 'tpl_math_round')]), isMain });

  it('runs the graph marked isMain', () => {
    const conversion = convert(ideWorkflow([other('first'), other('second', true)]));
    expect(Object.keys(conversion.engine_graph.processes)).toEqual(['second-node']);
  });

  it("runs the graph with id 'main' when none is marked", () => {
    const conversion = convert(ideWorkflow([other('first'), other('main')]));
    expect(Object.keys(conversion.engine_graph.processes)).toEqual(['main-node']);
  });

  it('runs the first graph otherwise, still counting every graph', () => {
    const conversion = convert(ideWorkflow([other('first'), other('second')]));
    expect(Object.keys(conversion.engine_graph.processes)).toEqual(['first-node']);
    expect(conversion.conversion_metadata.node_count).toBe(2);
  });
});
