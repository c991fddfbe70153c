import { joinPath } from '../../../model';
import { type Catalogue, type JsonObject } from '../../engine';
import { type ConversionIssue } from './conversion-issue';
import { type GraphBoundary, graphBoundaryOf } from './graph-boundary';
import { type IdeGraph, type IdeNode } from './ide-graph';
import { nodeConfig, nodeEnvVars } from './node-config';
import { type NodePorts, nodePorts } from './node-ports';
import { type ResolvedTemplate, resolveTemplate } from './resolve-template';
import { SUBGRAPH_TEMPLATE_ID, templateTableOf } from './templates';

/** What a node does in the conversion: becomes a process, runs another graph, or is rewritten away as a proxy. */
type NodeRole = 'process' | 'subgraph' | 'proxy-input' | 'proxy-output';

/** A node with everything the conversion derives from it: template, ports, configuration, env var names. */
export interface PreparedNode {
  readonly node: IdeNode;
  /** Undefined when the node names no template (an issue was reported). */
  readonly template?: ResolvedTemplate;
  readonly role: NodeRole;
  readonly ports: NodePorts;
  readonly config: JsonObject;
  readonly requiredEnvVars: readonly string[];
  /** The title of the node's template, when the template table has it. */
  readonly templateTitle?: string;
  /** Set for graph_input/graph_output nodes: how they name the port of their enclosing subgraph node. */
  readonly boundary?: GraphBoundary;
}

/** A graph whose nodes are prepared, with a lookup by node id. */
export interface PreparedGraph {
  readonly graph: IdeGraph;
  readonly nodes: readonly PreparedNode[];
  readonly byId: ReadonlyMap<string, PreparedNode>;
}

const ROLES: Readonly<Record<string, NodeRole>> = {
  [SUBGRAPH_TEMPLATE_ID]: 'subgraph',
  proxy_input: 'proxy-input',
  proxy_output: 'proxy-output',
};

/** Prepares every node of a graph, reporting nodes with no template and node ids used twice. */
export function prepareGraph(graph: IdeGraph, catalogue: Catalogue): { prepared: PreparedGraph; issues: ConversionIssue[] } {
  const issues: ConversionIssue[] = [];
  const nodes: PreparedNode[] = [];
  const byId = new Map<string, PreparedNode>();
  for (const node of graph.nodes) {
    const prepared = prepareNode(node, catalogue, issues);
    const earlier = byId.get(node.id);
    if (earlier !== undefined) {
      const message = `Node id '${node.id}' is used twice in graph '${graph.id}' (${earlier.node.path} and ${node.path})`;
      issues.push({ path: joinPath(node.path, 'id'), message });
      continue;
    }
    nodes.push(prepared);
    byId.set(node.id, prepared);
  }
  return { prepared: { graph, nodes, byId }, issues };
}

function prepareNode(node: IdeNode, catalogue: Catalogue, issues: ConversionIssue[]): PreparedNode {
  const resolved = resolveTemplate(node, catalogue);
  if (!resolved.ok) issues.push(resolved.issue);
  const template = resolved.ok ? resolved.template : undefined;
  const ideTemplate = template === undefined ? undefined : templateTableOf(catalogue).find(template.templateId);
  return {
    node,
    template,
    role: ROLES[template?.templateId ?? ''] ?? 'process',
    ports: nodePorts(node, template, catalogue),
    config: nodeConfig(node, ideTemplate),
    requiredEnvVars: nodeEnvVars(node, ideTemplate),
    templateTitle: ideTemplate?.title,
    boundary: template === undefined ? undefined : graphBoundaryOf(template.templateId, catalogue),
  };
}
