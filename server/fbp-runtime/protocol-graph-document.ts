import { z } from 'zod';
import { type JsonObject, PresentJsonValueSchema, isJsonObject, joinPath } from '../../model';
import { type GraphByteBudget } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { ProtocolGraph, type ProtocolGraphLimits } from './protocol-graph';

// Metadata and packets are taken as they are, not copied: a store read them with JSON.parse.
const JsonObjectValue = z.custom<JsonObject>(isJsonObject, 'a JSON object');
const PortSchema = z.object({ node: z.string(), port: z.string(), index: z.union([z.number(), z.string()]).optional() });
const ExportedSchema = z.object({ public: z.string(), node: z.string(), port: z.string(), metadata: JsonObjectValue.optional() });

/** A graph as {@link ProtocolGraph.toDocument} writes it. */
const ProtocolGraphDocumentSchema = z.object({
  id: z.string(),
  properties: JsonObjectValue,
  nodes: z.array(z.object({ id: z.string(), component: z.string(), metadata: JsonObjectValue })),
  edges: z.array(z.object({ src: PortSchema, tgt: PortSchema, metadata: JsonObjectValue })),
  initials: z.array(z.object({ data: PresentJsonValueSchema, tgt: PortSchema, metadata: JsonObjectValue })),
  inports: z.array(ExportedSchema),
  outports: z.array(ExportedSchema),
  // Documents written before groups were kept have none.
  groups: z.array(z.object({ name: z.string(), nodes: z.array(z.string()), metadata: JsonObjectValue })).default([]),
});

/**
 * Builds a graph again from its document ({@link ProtocolGraph.toDocument}), within `limits`, by the commands
 * that would have built it: its bytes are counted exactly as theirs were, and `budget` is charged for all of
 * them, the graph's id and properties included. A graph beyond the limits or the budget is refused and charges
 * nothing.
 * @throws GraphCommandError naming what the document lacks, or the limit it passes
 */
export function graphFromDocument(document: JsonObject, limits: ProtocolGraphLimits, budget: GraphByteBudget): ProtocolGraph {
  const parsed = ProtocolGraphDocumentSchema.safeParse(document);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new GraphCommandError(`The graph document has no valid '${joinPath('', ...issue.path)}': ${issue.message}`);
  }
  const { id, properties, nodes, edges, initials, inports, outports, groups } = parsed.data;
  const graph = new ProtocolGraph(id, properties, limits, budget);
  budget.change(graph.bytes);
  try {
    for (const node of nodes) graph.addNode(node.id, node.component, node.metadata);
    for (const edge of edges) graph.addEdge(edge.src, edge.tgt, edge.metadata);
    for (const initial of initials) graph.addInitial(initial.data, initial.tgt, initial.metadata);
    for (const { public: name, ...port } of inports) graph.addExported('inport', name, port);
    for (const { public: name, ...port } of outports) graph.addExported('outport', name, port);
    for (const group of groups) graph.addGroup(group.name, group.nodes, group.metadata);
  } catch (error) {
    budget.change(-graph.bytes);
    throw error;
  }
  return graph;
}
