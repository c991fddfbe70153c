import fc from 'fast-check';
import { GraphByteBudget, jsonBytes } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { ProtocolGraph } from './protocol-graph';
import { graphFromDocument } from './protocol-graph-document';

const LIMITS = { maxNodes: 100, maxConnections: 1000 };
const NODE = fc.constantFrom('a', 'b', 'c', 'dé', 'e"quoted"');
const PORT = fc.record({ node: NODE, port: fc.constantFrom('in', 'out') });
const METADATA = fc.dictionary(fc.constantFrom('x', 'y', 'label'), fc.oneof(fc.string({ maxLength: 30 }), fc.constant(null), fc.integer()), { maxKeys: 3 });

/** One change of a graph, as a function that may be refused. */
const CHANGE = fc.oneof(
  fc.tuple(NODE, METADATA).map(
    ([id, metadata]) =>
      (g: ProtocolGraph) =>
        g.addNode(id, 'core/Repeat', metadata),
  ),
  NODE.map((id) => (g: ProtocolGraph) => g.removeNode(id)),
  fc.tuple(NODE, NODE).map(
    ([from, to]) =>
      (g: ProtocolGraph) =>
        g.renameNode(from, to),
  ),
  fc.tuple(NODE, METADATA).map(
    ([id, metadata]) =>
      (g: ProtocolGraph) =>
        g.changeNode(id, metadata),
  ),
  fc.tuple(PORT, PORT, METADATA).map(
    ([src, tgt, metadata]) =>
      (g: ProtocolGraph) =>
        g.addEdge(src, tgt, metadata),
  ),
  fc.tuple(PORT, PORT).map(
    ([src, tgt]) =>
      (g: ProtocolGraph) =>
        g.removeEdge(src, tgt),
  ),
  fc.tuple(PORT, PORT, METADATA).map(
    ([src, tgt, metadata]) =>
      (g: ProtocolGraph) =>
        g.changeEdge(src, tgt, metadata),
  ),
  fc.tuple(fc.jsonValue({ maxDepth: 2 }), PORT).map(
    ([data, tgt]) =>
      (g: ProtocolGraph) =>
        g.addInitial(data, tgt, {}),
  ),
  PORT.map((tgt) => (g: ProtocolGraph) => g.removeInitial(tgt)),
  fc.tuple(fc.constantFrom('inport', 'outport' as const), fc.constantFrom('IN', 'OUT', 'ÜBER'), PORT, fc.option(METADATA, { nil: undefined })).map(
    ([side, name, port, metadata]) =>
      (g: ProtocolGraph) =>
        g.addExported(side, name, { ...port, metadata }),
  ),
  fc.tuple(fc.constantFrom('inport', 'outport' as const), fc.constantFrom('IN', 'OUT', 'ÜBER')).map(
    ([side, name]) =>
      (g: ProtocolGraph) =>
        g.removeExported(side, name),
  ),
  fc.tuple(fc.constantFrom('G1', 'G2'), fc.array(NODE, { maxLength: 3 }), METADATA).map(
    ([name, nodes, metadata]) =>
      (g: ProtocolGraph) =>
        g.addGroup(name, nodes, metadata),
  ),
  fc.constantFrom('G1', 'G2').map((name) => (g: ProtocolGraph) => g.removeGroup(name)),
  fc.tuple(fc.constantFrom('G1', 'G2'), fc.constantFrom('G1', 'G2', 'G3')).map(
    ([from, to]) =>
      (g: ProtocolGraph) =>
        g.renameGroup(from, to),
  ),
  fc.tuple(fc.constantFrom('G1', 'G2', 'G3'), METADATA).map(
    ([name, metadata]) =>
      (g: ProtocolGraph) =>
        g.changeGroup(name, metadata),
  ),
  fc.tuple(fc.constantFrom('inport', 'outport' as const), fc.constantFrom('IN', 'OUT', 'ÜBER'), fc.constantFrom('IN', 'OUT', 'ÜBER')).map(
    ([side, from, to]) =>
      (g: ProtocolGraph) =>
        g.renameExported(side, from, to),
  ),
);

function apply(graph: ProtocolGraph, change: (g: ProtocolGraph) => unknown): void {
  try {
    change(graph);
  } catch (error) {
    if (!(error instanceof GraphCommandError)) throw error;
  }
}

describe('ProtocolGraph bytes', () => {
  it('gives back every byte it counted once all its parts are removed, whatever changes came before', () => {
    fc.assert(
      fc.property(fc.array(CHANGE, { maxLength: 40 }), (changes) => {
        const budget = new GraphByteBudget(Number.MAX_SAFE_INTEGER);
        const graph = new ProtocolGraph('g', { name: 'G' }, LIMITS, budget);
        const base = graph.bytes;
        for (const change of changes) apply(graph, change);
        expect(graph.bytes - base).toBe(budget.heldBytes);
        for (const id of Object.keys(graph.toGraphJson().processes)) graph.removeNode(id);
        expect(budget.heldBytes).toBe(0);
        expect(graph.bytes).toBe(base);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a change beyond the budget and keeps the graph and its count as they were', () => {
    const budget = new GraphByteBudget(1000);
    const graph = new ProtocolGraph('g', {}, LIMITS, budget);
    graph.addNode('a', 'core/Repeat', { note: 'x'.repeat(500) });
    const before = JSON.stringify(graph.toGraphJson());
    const held = budget.heldBytes;
    expect(held).toBe(jsonBytes('a') + jsonBytes('core/Repeat') + jsonBytes({ note: 'x'.repeat(500) }));
    expect(() => graph.addNode('b', 'core/Repeat', { note: 'y'.repeat(500) })).toThrow(/max_protocol_graph_mb/);
    expect(() => graph.changeNode('a', { more: 'z'.repeat(500) })).toThrow(GraphCommandError);
    expect(() => graph.renameNode('a', 'a'.repeat(600))).toThrow(GraphCommandError);
    expect(JSON.stringify(graph.toGraphJson())).toBe(before);
    expect(budget.heldBytes).toBe(held);
    graph.addNode('b', 'core/Repeat', {});
    expect(budget.heldBytes).toBeGreaterThan(held);
  });
});

describe('ProtocolGraph documents', () => {
  it('builds the same graph again from its document, counting and charging the same bytes, whatever changes came before', () => {
    fc.assert(
      fc.property(fc.array(CHANGE, { maxLength: 40 }), (changes) => {
        const graph = new ProtocolGraph('g', { name: 'G' }, LIMITS, new GraphByteBudget(Number.MAX_SAFE_INTEGER));
        for (const change of changes) apply(graph, change);
        const budget = new GraphByteBudget(Number.MAX_SAFE_INTEGER);
        const stored = JSON.parse(JSON.stringify(graph.toDocument()));
        const rebuilt = graphFromDocument(stored, LIMITS, budget);
        expect(JSON.stringify(rebuilt.toGraphJson())).toBe(JSON.stringify(graph.toGraphJson()));
        expect(rebuilt.bytes).toBe(graph.bytes);
        expect(budget.heldBytes).toBe(graph.bytes);
        expect(JSON.stringify(rebuilt.toDocument())).toBe(JSON.stringify(graph.toDocument()));
        for (const id of Object.keys(rebuilt.toGraphJson().processes)) rebuilt.removeNode(id);
        expect(budget.heldBytes).toBe(jsonBytes('g') + jsonBytes({ name: 'G' }));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a document beyond the limits or the budget, charging nothing', () => {
    const graph = new ProtocolGraph('g', {}, LIMITS, new GraphByteBudget(Number.MAX_SAFE_INTEGER));
    graph.addNode('a', 'core/Repeat', {});
    graph.addNode('b', 'core/Repeat', { note: 'x'.repeat(500) });
    graph.addEdge({ node: 'a', port: 'out' }, { node: 'b', port: 'in' }, {});
    const small = new GraphByteBudget(400);
    expect(() => graphFromDocument(graph.toDocument(), LIMITS, small)).toThrow(/max_protocol_graph_mb/);
    expect(small.heldBytes).toBe(0);
    const large = new GraphByteBudget(Number.MAX_SAFE_INTEGER);
    expect(() => graphFromDocument(graph.toDocument(), { maxNodes: 1, maxConnections: 10 }, large)).toThrow(/max_graph_nodes/);
    expect(() => graphFromDocument(graph.toDocument(), { maxNodes: 2, maxConnections: 0 }, large)).toThrow(/max_graph_connections/);
    expect(large.heldBytes).toBe(0);
  });

  it('refuses a document that is not one a graph wrote, naming the field', () => {
    const document = { ...new ProtocolGraph('g', {}, LIMITS, new GraphByteBudget(1000)).toDocument(), nodes: [{ id: 'a', component: 7, metadata: {} }] };
    expect(() => graphFromDocument(document, LIMITS, new GraphByteBudget(1000))).toThrow("The graph document has no valid 'nodes[0].component'");
  });
});
