import { parseGraph } from './parse-graph';
import { runNames, workflowNameOf } from './run-names';

function graph(json: unknown) {
  const parsed = parseGraph(json);
  if (!parsed.ok) throw new Error('the test graph must parse');
  return parsed.graph;
}

describe('runNames', () => {
  it("takes an IDE node's title, else a NoFlo node's label, and leaves out nodes with neither or with their own id", () => {
    const names = runNames(
      graph({
        properties: { name: 'main', workflowName: 'Order intake' },
        processes: {
          fetch: { component: 'a', metadata: { title: 'Fetch order', label: 'ignored' } },
          parse: { component: 'b', metadata: { label: 'Parse JSON' } },
          same: { component: 'c', metadata: { label: 'same' } },
          blank: { component: 'd', metadata: { title: '  ' } },
          bare: { component: 'e' },
        },
        connections: [],
      }),
      [],
    );
    expect(names).toEqual({ workflow_name: 'Order intake', nodes: { fetch: 'Fetch order', parse: 'Parse JSON' }, outputs: {} });
  });

  it("labels the output keys of titled nodes' ports, node ids with dots included, and leaves exported names and untitled nodes' keys alone", () => {
    const names = runNames(
      graph({
        processes: { 'v1.sqrt': { component: 'a', metadata: { title: 'Square Root' } }, bare: { component: 'b' } },
        connections: [],
      }),
      ['v1.sqrt.result-out', 'bare.result-out', 'product'],
    );
    expect(names).toEqual({ nodes: { 'v1.sqrt': 'Square Root' }, outputs: { 'v1.sqrt.result-out': 'Square Root: result-out' } });
  });

  it('reads the workflow name from the IDE converter’s workflowName, else the graph name, and nothing from other values', () => {
    expect(workflowNameOf({ workflowName: 'Demo', name: 'Main' })).toBe('Demo');
    expect(workflowNameOf({ name: 'multiply' })).toBe('multiply');
    expect(workflowNameOf({ name: '' })).toBeUndefined();
    expect(workflowNameOf(undefined)).toBeUndefined();
  });
});
