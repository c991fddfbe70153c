import { convertIdeWorkflow } from './convert-ide-workflow';
import { camelConnection, camelGraph, camelNode, createTestCatalogue, ideWorkflow } from '../../../test/support/kits';

const catalogue = createTestCatalogue(['tpl_math_absolute', 'tpl_math_round']);

function issuesOf(workflow: unknown) {
  const outcome = convertIdeWorkflow(workflow, catalogue);
  expect(outcome).not.toHaveProperty('conversion');
  return outcome.ok ? [] : outcome.issues;
}

describe('a malformed workflow', () => {
  it('that is not an object is answered with one issue at the root', () => {
    for (const workflow of [null, 'workflow', 42, [], undefined]) {
      expect(issuesOf(workflow)).toEqual([{ path: '', message: expect.stringContaining('must be a JSON object') }]);
    }
  });

  it('with no graphs and no nodes is answered with an issue at graphs', () => {
    expect(issuesOf({ id: 'wf', name: 'No graphs' })).toEqual([{ path: 'graphs', message: expect.stringContaining("needs 'graphs'") }]);
  });

  it('with an empty graphs array is answered with an issue at graphs', () => {
    expect(issuesOf({ id: 'wf', name: 'Empty', graphs: [] })).toEqual([{ path: 'graphs', message: expect.stringContaining('at least one graph') }]);
  });

  it('with graphs that is not an array is answered with an issue at graphs', () => {
    expect(issuesOf({ id: 'wf', graphs: { main: {} } })).toEqual([{ path: 'graphs', message: expect.stringContaining('Expected array') }]);
  });

  it('whose graph has nodes that are not an array is answered with an issue at that graph', () => {
    const graph = { ...camelGraph('main', []), nodes: { a: {} } };
    expect(issuesOf(ideWorkflow([graph]))).toEqual([{ path: 'graphs[0].nodes', message: expect.stringContaining('Expected array') }]);
  });

  it('with a node without id is answered with an issue at that node id', () => {
    const nameless = { type: 'math', metadata: { templateId: 'tpl_math_absolute' } };
    const graph = camelGraph('main', [camelNode('a', 'tpl_math_absolute'), nameless]);
    expect(issuesOf(ideWorkflow([graph]))).toEqual([{ path: 'graphs[0].nodes[1].id', message: "'graphs[0].nodes[1].id' is required" }]);
  });

  it('with a graph without id is answered with an issue at that graph id', () => {
    const { id: _id, ...graph } = camelGraph('extra', []);
    expect(issuesOf(ideWorkflow([camelGraph('main', []), graph]))).toEqual([{ path: 'graphs[1].id', message: expect.stringContaining('needs an id') }]);
  });

  it('with two graphs of the same id is answered with an issue at the second', () => {
    expect(issuesOf(ideWorkflow([camelGraph('main', []), camelGraph('main', [])]))).toEqual([
      { path: 'graphs[1].id', message: expect.stringContaining("Graph id 'main' is used by graphs[0] and graphs[1]") },
    ]);
  });

  it('with two nodes of the same id is answered with an issue at the second', () => {
    const graph = camelGraph('main', [camelNode('a', 'tpl_math_absolute'), camelNode('a', 'tpl_math_round')]);
    expect(issuesOf(ideWorkflow([graph]))).toEqual([
      { path: 'graphs[0].nodes[1].id', message: expect.stringContaining("Node id 'a' is used twice in graph 'main'") },
    ]);
  });

  it('with a connection missing its target is answered with an issue at that connection', () => {
    const graph = camelGraph('main', [camelNode('a', 'tpl_math_absolute')], [{ id: 'c1', source: { nodeId: 'a', portId: 'result-out' } }]);
    expect(issuesOf(ideWorkflow([graph]))).toEqual([{ path: 'graphs[0].connections[0].target', message: expect.stringContaining("needs 'target'") }]);
  });

  it('with a port that has no direction is answered with an issue at that port', () => {
    const node = camelNode('a', 'tpl_math_absolute', { ports: [{ id: 'value-in', label: 'Value' }] });
    expect(issuesOf(ideWorkflow([camelGraph('main', [node])]))).toEqual([
      { path: 'graphs[0].nodes[0].metadata.ports[0]', message: expect.stringContaining("direction in 'type'") },
    ]);
  });

  it('reports the problems of every graph at once, shape and content alike', () => {
    const broken = { ...camelGraph('broken', []), nodes: 'none' };
    const main = camelGraph('main', [camelNode('a', 'tpl_math_absolute')], [camelConnection('c1', ['a', 'nope-out'], ['a', 'value-in'])]);
    expect(issuesOf(ideWorkflow([main, broken]))).toEqual([
      { path: 'graphs[1].nodes', message: expect.stringContaining('Expected array') },
      { path: 'graphs[0].connections[0].source.portId', message: expect.stringContaining("Port 'nope-out' not found on node 'a'") },
    ]);
  });
});
