import { type JsonObject, SUBGRAPH_COMPONENT } from '../../engine';
import { type ConvertedConnection, type ConvertedGraph, type ConvertedProcess } from './converted-graph';
import { IDE_BOUNDARIES } from './graph-boundary';
import { type IdeEndpoint } from './ide-graph';
import { type PreparedGraph, type PreparedNode } from './prepare-graph';
import { type ProxyLink } from './proxy-links';
import { boundaryPlan } from './subgraph-ports';

/** Everything building needs: the checked graphs by id, the proxy links of each graph, the workflow's identity. */
export interface BuildContext {
  readonly graphs: ReadonlyMap<string, PreparedGraph>;
  readonly proxyLinks: ReadonlyMap<string, readonly ProxyLink[]>;
  readonly workflowId: string;
  readonly workflowName: string;
  /** Collects the env var names of every node built, first use first. */
  readonly envVars: Set<string>;
}

/** How a graph is embedded in a composite node: boundary renaming, and the proxies of the parent reaching in. */
interface Embedding {
  readonly renameInputsTo?: string;
  readonly renameOutputsTo?: string;
  readonly proxies: readonly ProxyLink[];
}

/**
 * Builds the engine graph of a checked IDE graph: one process per node (proxy nodes excepted, they become
 * ports of composite nodes), composite nodes carrying their inner graph, connections with canonical port ids.
 * Only call it on graphs whose checks found no issue.
 */
export function buildEngineGraph(graphId: string, context: BuildContext, embedding: Embedding = { proxies: [] }): ConvertedGraph {
  const prepared = context.graphs.get(graphId);
  if (prepared === undefined) throw new Error(`Graph '${graphId}' was not checked before building`);
  const { graph } = prepared;
  const processes: Record<string, ConvertedProcess> = {};
  for (const node of prepared.nodes) {
    if (node.role === 'proxy-input' || node.role === 'proxy-output') continue;
    node.requiredEnvVars.forEach((name) => context.envVars.add(name));
    processes[node.node.id] = node.role === 'subgraph' ? compositeProcess(node, prepared, context) : plainProcess(node, embedding);
  }
  const connections = graph.connections.flatMap((connection) =>
    rewireProxies(prepared, context, {
      from: endpoint(prepared, connection.source),
      to: endpoint(prepared, connection.target),
      metadata: connectionMetadata(connection.id),
    }),
  );
  addProxyBoundaries(prepared, embedding.proxies, processes, connections);
  return {
    caseSensitive: true,
    properties: {
      name: graph.name,
      id: graph.id,
      ...(graph.namespace === undefined ? {} : { namespace: graph.namespace }),
      workflowId: context.workflowId,
      workflowName: context.workflowName,
    },
    processes,
    connections,
    inports: {},
    outports: {},
    groups: graph.groups.map((group) => ({
      name: group.name,
      nodes: [...group.nodes],
      metadata: {
        ...(group.description === undefined ? {} : { description: group.description }),
        ...(group.color === undefined ? {} : { color: group.color }),
      },
    })),
  };
}

function plainProcess(node: PreparedNode, embedding: Embedding): ConvertedProcess {
  const templateId = templateIdOf(node);
  let config: JsonObject = node.config;
  const rename = node.boundary?.direction === 'in' ? embedding.renameInputsTo : node.boundary?.direction === 'out' ? embedding.renameOutputsTo : undefined;
  if (node.boundary !== undefined && rename !== undefined) config = { ...config, [node.boundary.nameKey]: rename };
  return { component: templateId, metadata: { config, ...title(node), ...retry(node), templateId, sourcePath: node.node.path } };
}

// A node's retry policy goes to the engine as it is: validation checks it.
function retry(node: PreparedNode): { retry?: JsonObject } {
  return node.node.retry === undefined ? {} : { retry: node.node.retry };
}

function compositeProcess(node: PreparedNode, parent: PreparedGraph, context: BuildContext): ConvertedProcess {
  const innerId = node.node.graphId?.value;
  const inner = innerId === undefined ? undefined : context.graphs.get(innerId);
  if (innerId === undefined || inner === undefined) throw new Error(`Subgraph node '${node.node.id}' was not checked before building`);
  const plan = boundaryPlan(node, inner);
  const proxies = (context.proxyLinks.get(parent.graph.id) ?? []).filter((link) => link.graphId === innerId);
  const graph = buildEngineGraph(innerId, context, { renameInputsTo: plan.renameInputsTo, renameOutputsTo: plan.renameOutputsTo, proxies });
  const templateId = templateIdOf(node);
  return {
    component: SUBGRAPH_COMPONENT,
    metadata: { graph, graphId: innerId, config: node.config, ...title(node), ...retry(node), templateId, sourcePath: node.node.path },
  };
}

/** Replaces an end at a proxy node by the matching port of every composite node that proxy reaches through. */
function rewireProxies(prepared: PreparedGraph, context: BuildContext, connection: ConvertedConnection): ConvertedConnection[] {
  const links = context.proxyLinks.get(prepared.graph.id) ?? [];
  const link = links.find((candidate) => candidate.proxy.node.id === connection.to.nodeId || candidate.proxy.node.id === connection.from.nodeId);
  if (link === undefined) return [connection];
  const composites = prepared.nodes.filter((node) => node.role === 'subgraph' && node.node.graphId?.value === link.graphId);
  return composites.map((composite) => {
    const port = { nodeId: composite.node.id, portId: link.portName };
    return link.direction === 'in' ? { ...connection, to: port } : { ...connection, from: port };
  });
}

/** Adds, inside an embedded graph, one boundary node per parent proxy reaching in, wired to the proxy's inner port. */
function addProxyBoundaries(
  prepared: PreparedGraph,
  proxies: readonly ProxyLink[],
  processes: Record<string, ConvertedProcess>,
  connections: ConvertedConnection[],
): void {
  for (const link of proxies) {
    const nodeId = uniqueId(link.proxy.node.id, prepared, processes);
    const templateId = link.direction === 'in' ? 'graph_input' : 'graph_output';
    const config: JsonObject = { [IDE_BOUNDARIES[templateId].nameKey]: link.portName };
    processes[nodeId] = { component: templateId, metadata: { config, ...title(link.proxy), templateId, sourcePath: link.proxy.node.path } };
    const boundary = { nodeId, portId: 'data' };
    const inner = { nodeId: link.innerNodeId, portId: link.innerPortId };
    connections.push(link.direction === 'in' ? { from: boundary, to: inner, metadata: {} } : { from: inner, to: boundary, metadata: {} });
  }
}

function uniqueId(base: string, prepared: PreparedGraph, processes: Record<string, ConvertedProcess>): string {
  let id = base;
  for (let n = 2; prepared.byId.has(id) || id in processes; n += 1) id = `${base}-${n}`;
  return id;
}

function endpoint(prepared: PreparedGraph, end: IdeEndpoint): { nodeId: string; portId: string } {
  const node = prepared.byId.get(end.nodeId.value);
  return { nodeId: end.nodeId.value, portId: node === undefined ? end.portId.value : node.ports.canonical(end.portId.value) };
}

function connectionMetadata(id: string | undefined): { id?: string } {
  return id === undefined ? {} : { id };
}

function templateIdOf(node: PreparedNode): string {
  if (node.template === undefined) throw new Error(`Node '${node.node.id}' has no template but was built`);
  return node.template.templateId;
}

function title(node: PreparedNode): { title?: string } {
  const value = node.node.title ?? node.templateTitle;
  return value === undefined ? {} : { title: value };
}
