import { type Graph, parseGraph, readFbpText } from '../server/engine';
import { type WorkflowFile } from './workflow-file';

function countNodes(graph: Graph): number {
  return graph.nodes.reduce((sum, node) => sum + 1 + (node.subgraph ? countNodes(node.subgraph) : 0), 0);
}

/**
 * The nodes a graph runs, the nodes of its subgraphs and the composite nodes themselves included (each one
 * reports its own firings); undefined when the graph cannot be read, which the engine then reports.
 */
export function graphNodeCount(graphJson: unknown): number | undefined {
  const parsed = parseGraph(graphJson);
  return parsed.ok ? countNodes(parsed.graph) : undefined;
}

/** The nodes of a workflow file's graph, when it can be known without converting it (an IDE workflow needs the catalogue). */
export function workflowNodeCount(file: WorkflowFile): number | undefined {
  if (file.kind === 'graph') return graphNodeCount(file.graph);
  if (file.kind === 'fbp') {
    const read = readFbpText(file.text);
    return read.ok ? graphNodeCount(read.graph) : undefined;
  }
  return undefined;
}
