import { type ConversionIssue } from './conversion-issue';
import { boundaryName } from './graph-boundary';
import { portIdsOf } from './node-ports';
import { type PreparedGraph, type PreparedNode } from './prepare-graph';

/** How one subgraph node lines up with the graph it runs: the boundary names it can use, and any renaming. */
export interface BoundaryPlan {
  /** Set when every graph_input of the inner graph is to be named this (the node's only input port). */
  readonly renameInputsTo?: string;
  /** Set when every graph_output of the inner graph is to be named this (the node's only output port). */
  readonly renameOutputsTo?: string;
  /** The names of the inner graph's inputs after renaming: the ports the composite node receives on. */
  readonly inputs: ReadonlySet<string>;
  /** The names of the inner graph's outputs after renaming: the ports the composite node sends on. */
  readonly outputs: ReadonlySet<string>;
}

/**
 * Lines a subgraph node up with its inner graph. The IDE's subgraph node has the single ports `input` and
 * `output` whatever its graph_input/graph_output nodes are named; when a node has a single port of a
 * direction and no inner boundary node carries that name, every inner boundary node of that direction is
 * renamed to it, so whatever the parent sends on `input` reaches all of them, and all of them leave on `output`.
 */
export function boundaryPlan(node: PreparedNode, inner: PreparedGraph): BoundaryPlan {
  const inputs = plan(node, inner, 'in');
  const outputs = plan(node, inner, 'out');
  return { renameInputsTo: inputs.rename, renameOutputsTo: outputs.rename, inputs: inputs.names, outputs: outputs.names };
}

function plan(node: PreparedNode, inner: PreparedGraph, direction: 'in' | 'out'): { rename?: string; names: ReadonlySet<string> } {
  const names = new Set<string>();
  for (const candidate of inner.nodes) {
    if (candidate.boundary?.direction === direction) names.add(boundaryName(candidate.boundary, candidate.config));
  }
  const ports = portIdsOf(node.ports, direction === 'in' ? 'input' : 'output');
  if (ports.length === 1 && names.size > 0 && !names.has(ports[0])) return { rename: ports[0], names: new Set(ports) };
  return { names };
}

/**
 * Checks that each port a graph's connections use on its subgraph nodes is one the inner graph has a
 * graph_input (or graph_output) for, once lined up by `boundaryPlan`.
 */
export function checkSubgraphPorts(prepared: PreparedGraph, graphs: ReadonlyMap<string, PreparedGraph>): ConversionIssue[] {
  const issues: ConversionIssue[] = [];
  for (const connection of prepared.graph.connections) {
    for (const [end, direction] of [
      [connection.source, 'out'],
      [connection.target, 'in'],
    ] as const) {
      const node = prepared.byId.get(end.nodeId.value);
      const inner = node?.role === 'subgraph' && node.node.graphId !== undefined ? graphs.get(node.node.graphId.value) : undefined;
      if (node === undefined || inner === undefined) continue;
      const portId = node.ports.canonical(end.portId.value);
      if (node.ports.uses !== undefined && !node.ports.uses.has(portId)) continue;
      const names = direction === 'in' ? boundaryPlan(node, inner).inputs : boundaryPlan(node, inner).outputs;
      if (names.has(portId)) continue;
      const kind = direction === 'in' ? 'graph_input' : 'graph_output';
      const listed = [...names].map((name) => `'${name}'`).join(', ') || 'none';
      const message = `Subgraph node '${node.node.id}' uses port '${portId}', but graph '${inner.graph.id}' has no ${kind} named '${portId}' (its ${kind} names: ${listed})`;
      issues.push({ path: end.portId.path, message });
    }
  }
  return issues;
}
