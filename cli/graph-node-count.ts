import { parseGraph } from '../server/engine';
import { type WorkflowFile } from './workflow-file';
import { workflowGraph } from './workflow-graph';

/**
 * The nodes of a graph's top level, composite nodes counted once, as the result's `nodes_executed` counts the
 * nodes that fired; undefined when the graph cannot be read, which the engine then reports.
 */
export function graphNodeCount(graphJson: unknown): number | undefined {
  const parsed = parseGraph(graphJson);
  return parsed.ok ? parsed.graph.nodes.length : undefined;
}

/** The nodes of a workflow file's graph, when it can be known without converting it (an IDE workflow needs the catalogue). */
export function workflowNodeCount(file: WorkflowFile): number | undefined {
  return workflowGraph(file)?.nodes.length;
}
