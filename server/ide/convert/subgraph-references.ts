import { type ConversionIssue } from './conversion-issue';
import { type PreparedGraph, type PreparedNode } from './prepare-graph';

/**
 * Checks that each `subgraph` node names a graph of the same workflow, and that no graph contains itself,
 * directly or through other graphs; a cycle is reported once, at the reference that closes it.
 */
export function checkSubgraphReferences(graphs: ReadonlyMap<string, PreparedGraph>, unreadGraphIds: ReadonlySet<string>): ConversionIssue[] {
  const issues: ConversionIssue[] = [];
  const edges = new Map<string, { target: string; node: PreparedNode }[]>();
  for (const prepared of graphs.values()) {
    const out: { target: string; node: PreparedNode }[] = [];
    for (const node of prepared.nodes) {
      if (node.role !== 'subgraph') continue;
      const reference = node.node.graphId;
      if (reference === undefined) {
        const message = `Subgraph node '${node.node.id}' needs '${node.node.graphIdPath}' naming the graph of the workflow it runs`;
        issues.push({ path: node.node.graphIdPath, message });
      } else if (graphs.has(reference.value)) {
        out.push({ target: reference.value, node });
      } else if (!unreadGraphIds.has(reference.value)) {
        const known = [...graphs.keys(), ...unreadGraphIds].map((id) => `'${id}'`).join(', ');
        const message = `Subgraph node '${node.node.id}' runs graph '${reference.value}', which the workflow does not have (its graphs: ${known})`;
        issues.push({ path: reference.path, message });
      }
    }
    edges.set(prepared.graph.id, out);
  }
  issues.push(...findCycles(edges));
  return issues;
}

function findCycles(edges: ReadonlyMap<string, readonly { target: string; node: PreparedNode }[]>): ConversionIssue[] {
  const issues: ConversionIssue[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (graphId: string): void => {
    stack.push(graphId);
    for (const { target, node } of edges.get(graphId) ?? []) {
      const at = stack.indexOf(target);
      if (at >= 0) issues.push(cycleIssue([...stack.slice(at), target], node, graphId));
      else if (!done.has(target)) visit(target);
    }
    stack.pop();
    done.add(graphId);
  };
  for (const graphId of edges.keys()) if (!done.has(graphId)) visit(graphId);
  return issues;
}

function cycleIssue(cycle: readonly string[], node: PreparedNode, graphId: string): ConversionIssue {
  const path = node.node.graphId?.path ?? node.node.graphIdPath;
  if (cycle.length === 2) {
    return { path, message: `Graph '${graphId}' contains itself: its subgraph node '${node.node.id}' runs graph '${graphId}'` };
  }
  const chain = cycle.map((id) => `'${id}'`).join(' -> ');
  return { path, message: `Subgraphs form a cycle: ${chain} (subgraph node '${node.node.id}' of graph '${graphId}' runs '${cycle[0]}')` };
}
