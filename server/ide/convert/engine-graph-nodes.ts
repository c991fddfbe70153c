import { type ConvertedGraph, ConvertedGraphSchema } from './converted-graph';

/** A node of a converted graph at any depth: its id as the engine names it (`parent/child` inside a composite). */
export interface EngineGraphNode {
  readonly qualifiedId: string;
  readonly component: string;
  /** Where the node sits in the submitted workflow. */
  readonly sourcePath: string;
}

/** Lists every node of a converted graph depth-first in process order, each composite followed by its inner nodes. */
export function engineGraphNodes(graph: ConvertedGraph, prefix = ''): EngineGraphNode[] {
  const nodes: EngineGraphNode[] = [];
  for (const [id, process] of Object.entries(graph.processes)) {
    const qualifiedId = `${prefix}${id}`;
    nodes.push({ qualifiedId, component: process.component, sourcePath: process.metadata.sourcePath });
    if (process.metadata.graph !== undefined) {
      nodes.push(...engineGraphNodes(ConvertedGraphSchema.parse(process.metadata.graph), `${qualifiedId}/`));
    }
  }
  return nodes;
}
