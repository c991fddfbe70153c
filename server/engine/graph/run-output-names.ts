import { type Catalogue } from '../sdk/catalogue';
import { type ValidGraph } from './valid-graph';

/**
 * The names a run of `graph` may report outputs under: its exported outports and graph-output ports, and, for a
 * graph that exports no outport, `<nodeId>.<portId>` of each output port of its nodes that has no connection.
 */
export function runOutputNames(graph: ValidGraph, catalogue: Catalogue): Set<string> {
  const names = new Set(graph.boundary.outports);
  if (graph.outports.length > 0) return names;
  const connected = new Set(graph.connections.map(({ from }) => `${from.nodeId}.${from.portId}`));
  for (const node of graph.nodes) {
    const ports = node.subgraph?.boundary.outports ?? Object.keys(catalogue.get(node.component)?.outports ?? {});
    for (const port of ports) {
      const key = `${node.id}.${port}`;
      if (!connected.has(key)) names.add(key);
    }
  }
  return names;
}
