import { parseGraph } from './parse-graph';

function parsed(json: unknown) {
  const outcome = parseGraph(json);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.issues));
  return outcome.graph;
}

describe('parseGraph', () => {
  it('reads processes keyed by node id with their configuration layers', () => {
    const graph = parsed({
      processes: { mul: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 }, propertyValues: { precision: 1 }, x: 1 } } },
    });
    expect(graph.nodes).toEqual([
      expect.objectContaining({ id: 'mul', component: 'tpl_math_multiply', path: 'processes.mul', config: { precision: 2 }, propertyValues: { precision: 1 } }),
    ]);
    expect(graph.nodes[0].metadata).toMatchObject({ x: 1 });
    expect(graph.caseSensitive).toBe(false);
    expect(graph.connections).toEqual([]);
  });

  it('reads processes given as an array and keeps duplicate ids for validation to report', () => {
    const graph = parsed({
      processes: [
        { id: 'a', component: 'x' },
        { id: 'a', component: 'y' },
      ],
    });
    expect(graph.nodes.map((node) => [node.id, node.component, node.path])).toEqual([
      ['a', 'x', 'processes[0]'],
      ['a', 'y', 'processes[1]'],
    ]);
  });

  it('accepts both connection end styles and NoFlo src/tgt keys', () => {
    const graph = parsed({
      processes: {},
      connections: [
        { from: { nodeId: 'a', portId: 'out', portName: 'Out', expose: false }, to: { nodeId: 'b', portId: 'in' } },
        { from: { process: 'a', port: 'out' }, to: { process: 'b', port: 'in' } },
        { src: { process: 'a', port: 'out' }, tgt: { process: 'c', port: 'in' } },
      ],
    });
    expect(graph.connections.map((c) => [c.from.nodeId, c.from.portId, c.to.nodeId, c.to.portId, c.to.path, c.to.portKey])).toEqual([
      ['a', 'out', 'b', 'in', 'connections[0].to', 'portId'],
      ['a', 'out', 'b', 'in', 'connections[1].to', 'port'],
      ['a', 'out', 'c', 'in', 'connections[2].tgt', 'port'],
    ]);
  });

  it('reads a connection with data and no usable source as an initial packet', () => {
    const graph = parsed({
      processes: {},
      connections: [
        { data: 2, to: { nodeId: 'sq', portId: 'exp-in' } },
        { data: { a: [1] }, from: {}, to: { process: 'sq', port: 'base-in' } },
        { data: null, from: null, to: { nodeId: 'sq', portId: 'x' } },
      ],
    });
    expect(graph.connections).toEqual([]);
    expect(graph.initialPackets.map((p) => [p.data, p.to.nodeId, p.to.portId])).toEqual([
      [2, 'sq', 'exp-in'],
      [{ a: [1] }, 'sq', 'base-in'],
      [null, 'sq', 'x'],
    ]);
  });

  it('reads exported ports in the NoFlo and the engine style', () => {
    const graph = parsed({
      processes: {},
      inports: { x: { process: 'mul', port: 'a-in' } },
      outports: { product: { nodeId: 'mul', portId: 'result-out' } },
    });
    expect(graph.inports.map((p) => [p.name, p.target.nodeId, p.target.portId, p.path])).toEqual([['x', 'mul', 'a-in', 'inports.x']]);
    expect(graph.outports.map((p) => [p.name, p.target.nodeId, p.target.portId])).toEqual([['product', 'mul', 'result-out']]);
  });

  it('parses the inner graph of a composite node with paths prefixed', () => {
    const graph = parsed({
      processes: { sub: { component: 'subgraph', metadata: { graph: { processes: { abs: { component: 'test_abs' } } } } } },
    });
    expect(graph.nodes[0].subgraph?.nodes[0]).toMatchObject({ id: 'abs', path: 'processes.sub.metadata.graph.processes.abs' });
    expect(graph.nodes[0].metadata).not.toHaveProperty('graph');
  });

  it('marks a composite node that contains its own enclosing graph instead of recursing forever', () => {
    const inner: Record<string, unknown> = { processes: {} };
    (inner.processes as Record<string, unknown>).loop = { component: 'subgraph', metadata: { graph: inner } };
    const graph = parsed({ processes: { sub: { component: 'subgraph', metadata: { graph: inner } } } });
    expect(graph.nodes[0].subgraph?.nodes[0].subgraphProblem).toBe('cycle');
  });

  it('reports every shape problem with its path, and nothing else', () => {
    const outcome = parseGraph({
      processes: { ok: { component: 'x' }, bad: { component: 3 } },
      connections: [{ from: { nodeId: 'a', portId: 'out' } }, { to: { nodeId: 'b', portId: 'in' } }, { data: () => 1, to: { nodeId: 'b', portId: 'in' } }],
      inports: { x: { process: 'ok' } },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['MALFORMED', 'processes.bad.component'],
      ['MALFORMED', 'connections[0].to'],
      ['MALFORMED', 'connections[1].from'],
      ['MALFORMED', 'connections[2].data'],
      ['MALFORMED', 'inports.x'],
    ]);
    expect(outcome.issues[2].message).toContain("'data' for an initial packet");
    expect(outcome.issues[3].message).toContain('not JSON');
  });

  it('rejects a value that is not a graph object, and a subgraph node without its graph', () => {
    expect(parseGraph('graph')).toMatchObject({ ok: false, issues: [{ code: 'MALFORMED', path: '' }] });
    expect(parseGraph({ connections: [] })).toMatchObject({ ok: false, issues: [{ code: 'MALFORMED', path: 'processes' }] });
    expect(parseGraph({ processes: { s: { component: 'subgraph' } } })).toMatchObject({
      ok: false,
      issues: [{ code: 'MALFORMED', path: 'processes.s.metadata.graph', nodeId: 's' }],
    });
  });
  it('keeps the slot of an addressable port that a connection names, for validation to check', () => {
    const graph = parsed({
      processes: {},
      connections: [
        { src: { process: 'a', port: 'out', index: 1 }, tgt: { process: 'b', port: 'in', index: 0 } },
        { data: 'x', tgt: { process: 'b', port: 'in', index: 2 } },
        { src: { process: 'a', port: 'out', index: null }, tgt: { process: 'b', port: 'in' } },
      ],
    });
    expect(graph.connections.map((c) => [c.from.index, c.to.index])).toEqual([
      [1, 0],
      [undefined, undefined],
    ]);
    expect(graph.initialPackets[0].to.index).toBe(2);
  });

  it("reads NoFlo's legacy exports, matching the node id ignoring case as NoFlo did", () => {
    const graph = parsed({
      processes: { Merge: { component: 'Merge' }, Split: { component: 'Split' } },
      exports: [
        { private: 'merge.in', public: 'in', metadata: { x: 5 } },
        { private: 'SPLIT.OUT', public: 'out' },
      ],
    });
    expect(graph.exports.map((port) => [port.name, port.target.nodeId, port.target.portId, port.path])).toEqual([
      ['in', 'Merge', 'in', 'exports[0]'],
      ['out', 'Split', 'OUT', 'exports[1]'],
    ]);
  });

  it("refuses a legacy export whose private end is not 'node.port'", () => {
    const outcome = parseGraph({ processes: {}, exports: [{ private: 'merge', public: 'in' }] });
    expect(outcome).toMatchObject({
      ok: false,
      issues: [{ code: 'MALFORMED', path: 'exports[0].private', message: "Legacy export 'in' names 'merge'; it needs 'node.port'" }],
    });
  });

  it('answers the graph as far as it could be read beside its shape problems, malformed processes left out', () => {
    const outcome = parseGraph({
      processes: { good: { component: 'lib/Known' }, bad: { metadata: {} }, other: { component: 'lib/Other' } },
      connections: [{ src: { process: 'good', port: 'out' } }],
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((issue) => issue.path)).toEqual(['processes.bad.component', 'connections[0].tgt']);
    expect(outcome.graph?.nodes.map((node) => node.id)).toEqual(['good', 'other']);
  });
});
