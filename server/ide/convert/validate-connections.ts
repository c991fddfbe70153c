import { type ConversionIssue } from './conversion-issue';
import { type IdeConnection, type IdeEndpoint, type PortDirection } from './ide-graph';
import { portIdsOf } from './node-ports';
import { type PreparedGraph } from './prepare-graph';

/**
 * Checks every connection of a graph: both nodes exist, both ports exist on them, and the connection goes
 * from an output port to an input port. Nodes whose ports nothing declares accept any port.
 */
export function validateConnections(prepared: PreparedGraph): ConversionIssue[] {
  const issues: ConversionIssue[] = [];
  for (const connection of prepared.graph.connections) {
    checkEnd(prepared, connection, connection.source, 'output', issues);
    checkEnd(prepared, connection, connection.target, 'input', issues);
  }
  return issues;
}

function checkEnd(prepared: PreparedGraph, connection: IdeConnection, end: IdeEndpoint, expected: PortDirection, issues: ConversionIssue[]): void {
  const label = connection.id === undefined ? `at ${connection.path}` : `'${connection.id}'`;
  const verb = expected === 'output' ? 'starts at' : 'ends at';
  const node = prepared.byId.get(end.nodeId.value);
  if (node === undefined) {
    issues.push({ path: end.nodeId.path, message: `Connection ${label} ${verb} node '${end.nodeId.value}', which graph '${prepared.graph.id}' does not have` });
    return;
  }
  const uses = node.ports.uses;
  if (uses === undefined) return;
  const portId = node.ports.canonical(end.portId.value);
  const use = uses.get(portId);
  if (use === undefined) {
    const inputs = portIdsOf(node.ports, 'input').join(', ') || 'none';
    const outputs = portIdsOf(node.ports, 'output').join(', ') || 'none';
    const message = `Port '${end.portId.value}' not found on node '${node.node.id}' (inputs: ${inputs}; outputs: ${outputs})`;
    issues.push({ path: end.portId.path, message });
  } else if (use !== 'either' && use !== expected) {
    const message = `Connection ${label} ${verb} port '${end.portId.value}' of node '${node.node.id}', which is an ${use} port; a connection goes from an output port to an input port`;
    issues.push({ path: end.portId.path, message });
  }
}
