import { type JsonObject, createCatalogue, defineActor } from '../../engine';
import { convertIdeWorkflow } from './convert-ide-workflow';
import { camelConnection, camelGraph, camelNode, createTestCatalogue, ideWorkflow } from '../../../test/support/kits';

const catalogue = createTestCatalogue(['tpl_math_absolute', 'tpl_math_round', 'tpl_postgresql', 'tpl_sql_script']);

function convertMain(nodes: JsonObject[], connections: JsonObject[], using = catalogue) {
  return convertIdeWorkflow(ideWorkflow([camelGraph('main', nodes, connections)]), using);
}

const abs = camelNode('abs', 'tpl_math_absolute');
const rnd = camelNode('rnd', 'tpl_math_round');

describe('checking connections', () => {
  it('accepts a connection from an output port to an input port of existing nodes', () => {
    const outcome = convertMain([abs, rnd], [camelConnection('c1', ['abs', 'result-out'], ['rnd', 'value-in'])]);
    expect(outcome.ok && outcome.conversion.engine_graph.connections).toEqual([
      { from: { nodeId: 'abs', portId: 'result-out' }, to: { nodeId: 'rnd', portId: 'value-in' }, metadata: { id: 'c1' } },
    ]);
  });

  it('reports a connection to a port the node does not have, listing its ports', () => {
    const outcome = convertMain([abs, rnd], [camelConnection('c1', ['abs', 'result-out'], ['rnd', 'number-in'])]);
    expect(outcome).toEqual({
      ok: false,
      issues: [{ path: 'graphs[0].connections[0].target.portId', message: "Port 'number-in' not found on node 'rnd' (inputs: value-in; outputs: result-out)" }],
    });
  });

  it('reports a connection that starts at an input port', () => {
    const outcome = convertMain([abs, rnd], [camelConnection('c1', ['abs', 'value-in'], ['rnd', 'value-in'])]);
    expect(outcome).toEqual({
      ok: false,
      issues: [{ path: 'graphs[0].connections[0].source.portId', message: expect.stringContaining("port 'value-in' of node 'abs', which is an input port") }],
    });
  });

  it('reports a connection that ends at an output port', () => {
    const outcome = convertMain([abs, rnd], [camelConnection('c1', ['abs', 'result-out'], ['rnd', 'result-out'])]);
    expect(outcome).toEqual({
      ok: false,
      issues: [{ path: 'graphs[0].connections[0].target.portId', message: expect.stringContaining('which is an output port') }],
    });
  });

  it('reports a connection to a node the graph does not have', () => {
    const outcome = convertMain([abs], [camelConnection('c1', ['abs', 'result-out'], ['ghost', 'value-in'])]);
    expect(outcome).toEqual({
      ok: false,
      issues: [{ path: 'graphs[0].connections[0].target.nodeId', message: "Connection 'c1' ends at node 'ghost', which graph 'main' does not have" }],
    });
  });

  it('checks the flat connection form and points at its flat fields', () => {
    const flat = { id: 'c1', sourceNodeId: 'abs', sourcePortId: 'result-out', targetNodeId: 'rnd', targetPortId: 'nope' };
    const outcome = convertMain([abs, rnd], [flat]);
    expect(outcome).toEqual({
      ok: false,
      issues: [{ path: 'graphs[0].connections[0].targetPortId', message: expect.stringContaining("Port 'nope' not found") }],
    });
  });

  it("prefers the node's declared ports over its template's", () => {
    const custom = camelNode('abs', 'tpl_math_absolute', {
      ports: [
        { id: 'value-in', type: 'input' },
        { id: 'abs-out', type: 'output' },
      ],
    });
    const outcome = convertMain([custom, rnd], [camelConnection('c1', ['abs', 'abs-out'], ['rnd', 'value-in'])]);
    expect(outcome.ok).toBe(true);
    const templatePort = convertMain([custom, rnd], [camelConnection('c1', ['abs', 'result-out'], ['rnd', 'value-in'])]);
    expect(templatePort.ok).toBe(false);
  });

  it('reads the ports of orchestrator nodes from metadata.inputs and metadata.outputs', () => {
    const node = camelNode('abs', 'tpl_math_absolute', { inputs: [{ id: 'v' }], outputs: ['r'] });
    expect(convertMain([node, rnd], [camelConnection('c1', ['abs', 'r'], ['rnd', 'value-in'])]).ok).toBe(true);
    expect(convertMain([node, rnd], [camelConnection('c1', ['abs', 'result-out'], ['rnd', 'value-in'])]).ok).toBe(false);
  });

  it("falls back to the catalogue actor's ports for a template the IDE table does not have", () => {
    const scaler = defineActor({ id: 'acme/scale', inports: { 'x-in': {} }, outports: { 'x-out': {} }, fire: () => undefined });
    const using = createCatalogue([...catalogue.list(), scaler]);
    const node = camelNode('scale', 'acme/scale');
    expect(convertMain([abs, node], [camelConnection('c1', ['abs', 'result-out'], ['scale', 'x-in'])], using).ok).toBe(true);
    expect(convertMain([abs, node], [camelConnection('c1', ['abs', 'result-out'], ['scale', 'y-in'])], using).ok).toBe(false);
  });

  it('accepts any port of a node whose ports nothing declares', () => {
    const mystery = camelNode('mystery', 'custom/unknown-node');
    const outcome = convertMain([abs, mystery], [camelConnection('c1', ['abs', 'result-out'], ['mystery', 'anything'])]);
    expect(outcome.ok && outcome.conversion.unsupported_actors).toEqual(['custom/unknown-node']);
  });

  it('reads the older pool-out and pool-in port ids as pool-id', () => {
    const pool = camelNode('pg', 'tpl_postgresql', {
      ports: [
        { id: 'pool-out', type: 'output' },
        { id: 'status-out', type: 'output' },
      ],
    });
    const sql = camelNode('sql', 'tpl_sql_script');
    const outcome = convertMain([pool, sql], [camelConnection('c1', ['pg', 'pool-out'], ['sql', 'pool-in'])]);
    expect(outcome.ok && outcome.conversion.engine_graph.connections[0]).toMatchObject({
      from: { nodeId: 'pg', portId: 'pool-id' },
      to: { nodeId: 'sql', portId: 'pool-id' },
    });
  });

  it('reports every bad connection of a graph at once', () => {
    const outcome = convertMain(
      [abs, rnd],
      [camelConnection('c1', ['abs', 'nope'], ['rnd', 'value-in']), camelConnection('c2', ['ghost', 'result-out'], ['rnd', 'result-out'])],
    );
    expect(outcome.ok ? [] : outcome.issues.map((issue) => issue.path)).toEqual([
      'graphs[0].connections[0].source.portId',
      'graphs[0].connections[1].source.nodeId',
      'graphs[0].connections[1].target.portId',
    ]);
  });
});
