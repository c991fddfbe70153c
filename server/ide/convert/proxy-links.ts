import { joinPath } from '../../../model';
import { type ConversionIssue } from './conversion-issue';
import { portIdsOf } from './node-ports';
import { type PreparedGraph, type PreparedNode } from './prepare-graph';

/**
 * A proxy node rewritten as a port of the subgraph nodes it reaches through: a proxy input forwards what
 * the parent sends it to a port inside the subgraph; a proxy output re-emits what a port inside sends.
 */
export interface ProxyLink {
  readonly proxy: PreparedNode;
  readonly direction: 'in' | 'out';
  /** The graph the proxy reaches into. */
  readonly graphId: string;
  readonly innerNodeId: string;
  readonly innerPortId: string;
  /** The port of the composite node the link becomes. */
  readonly portName: string;
}

/** The port name a proxy node becomes on the composite nodes it reaches through. */
function proxyPortName(proxyNodeId: string): string {
  return `proxy:${proxyNodeId}`;
}

/**
 * Reads the proxy nodes of a graph (`subgraphId`, `targetNodeId`/`targetPortId` or
 * `sourceNodeId`/`sourcePortId`), checking that a subgraph node of the same graph runs that graph, that the
 * inner port exists the right way round, and that a proxy input is only fed and a proxy output only read.
 */
export function proxyLinks(prepared: PreparedGraph, graphs: ReadonlyMap<string, PreparedGraph>): { links: ProxyLink[]; issues: ConversionIssue[] } {
  const links: ProxyLink[] = [];
  const issues: ConversionIssue[] = [];
  for (const proxy of prepared.nodes) {
    if (proxy.role !== 'proxy-input' && proxy.role !== 'proxy-output') continue;
    const link = readLink(proxy, prepared, graphs, issues);
    if (link !== undefined) links.push(link);
    for (const connection of prepared.graph.connections) {
      const wrongEnd = proxy.role === 'proxy-input' ? connection.source : connection.target;
      if (wrongEnd.nodeId.value !== proxy.node.id) continue;
      const message =
        proxy.role === 'proxy-input'
          ? `Proxy input '${proxy.node.id}' forwards packets into a subgraph; it cannot start a connection`
          : `Proxy output '${proxy.node.id}' re-emits packets from a subgraph; it cannot end a connection`;
      issues.push({ path: wrongEnd.nodeId.path, message });
    }
  }
  return { links, issues };
}

function readLink(proxy: PreparedNode, prepared: PreparedGraph, graphs: ReadonlyMap<string, PreparedGraph>, issues: ConversionIssue[]): ProxyLink | undefined {
  const direction = proxy.role === 'proxy-input' ? 'in' : 'out';
  const [nodeKey, portKey] = direction === 'in' ? ['targetNodeId', 'targetPortId'] : ['sourceNodeId', 'sourcePortId'];
  const at = (key: string) => joinPath(proxy.node.propertyValuesPath, key);
  const text = (key: string): string | undefined => {
    const value = proxy.config[key];
    if (typeof value === 'string' && value !== '') return value;
    issues.push({ path: at(key), message: `Proxy node '${proxy.node.id}' needs '${key}'` });
    return undefined;
  };
  const [graphId, innerNodeId, innerPortId] = [text('subgraphId'), text(nodeKey), text(portKey)];
  if (graphId === undefined || innerNodeId === undefined || innerPortId === undefined) return undefined;
  const runsIt = prepared.nodes.some((node) => node.role === 'subgraph' && node.node.graphId?.value === graphId);
  const inner = graphs.get(graphId);
  if (!runsIt || inner === undefined) {
    const message = `Proxy node '${proxy.node.id}' reaches into graph '${graphId}', but no subgraph node of graph '${prepared.graph.id}' runs it`;
    issues.push({ path: at('subgraphId'), message });
    return undefined;
  }
  const target = inner.byId.get(innerNodeId);
  if (target === undefined) {
    issues.push({ path: at(nodeKey), message: `Proxy node '${proxy.node.id}' reaches node '${innerNodeId}', which graph '${graphId}' does not have` });
    return undefined;
  }
  const portId = target.ports.canonical(innerPortId);
  const wanted = direction === 'in' ? 'input' : 'output';
  const ids = portIdsOf(target.ports, wanted);
  if (target.ports.uses !== undefined && !ids.includes(portId)) {
    const message = `Proxy node '${proxy.node.id}' reaches port '${innerPortId}' of node '${innerNodeId}' in graph '${graphId}', which has no such ${wanted} port (its ${wanted}s: ${ids.join(', ') || 'none'})`;
    issues.push({ path: at(portKey), message });
    return undefined;
  }
  return { proxy, direction, graphId, innerNodeId, innerPortId: portId, portName: proxyPortName(proxy.node.id) };
}
