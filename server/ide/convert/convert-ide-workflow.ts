import { type Catalogue, SUBGRAPH_COMPONENT } from '../../engine';
import { buildEngineGraph } from './build-engine-graph';
import { type ConversionIssue } from './conversion-issue';
import { engineGraphNodes } from './engine-graph-nodes';
import { type IdeConversion } from './ide-conversion';
import { type PreparedGraph, prepareGraph } from './prepare-graph';
import { type ProxyLink, proxyLinks } from './proxy-links';
import { readWorkflow } from './read-workflow';
import { checkSubgraphReferences } from './subgraph-references';
import { checkSubgraphPorts } from './subgraph-ports';
import { validateConnections } from './validate-connections';

/** The outcome of converting an IDE workflow: the conversion, or every problem found in the workflow. */
export type ConvertIdeWorkflowOutcome = { ok: true; conversion: IdeConversion } | { ok: false; issues: ConversionIssue[] };

/**
 * Converts a workflow exported by the IDE (either dialect, any envelope) into the engine's FBP graph, with
 * subgraphs embedded as composite nodes. Template ids the catalogue has no actor for are listed as
 * unsupported, not refused; every problem of the workflow's shape, templates, connections and subgraph
 * references is reported at once, each with its path in the submitted workflow. Nothing runs.
 */
export function convertIdeWorkflow(workflow: unknown, catalogue: Catalogue): ConvertIdeWorkflowOutcome {
  const read = readWorkflow(workflow);
  const issues: ConversionIssue[] = [...read.issues];
  if (read.workflow === undefined) return { ok: false, issues };
  const { graphs: ideGraphs, main, unreadGraphIds } = read.workflow;

  const graphs = new Map<string, PreparedGraph>();
  for (const graph of ideGraphs) {
    const { prepared, issues: nodeIssues } = prepareGraph(graph, catalogue);
    issues.push(...nodeIssues);
    graphs.set(graph.id, prepared);
  }
  const links = new Map<string, readonly ProxyLink[]>();
  for (const prepared of graphs.values()) {
    const proxies = proxyLinks(prepared, graphs);
    links.set(prepared.graph.id, proxies.links);
    issues.push(...validateConnections(prepared), ...checkSubgraphPorts(prepared, graphs), ...proxies.issues);
  }
  issues.push(...checkSubgraphReferences(graphs, unreadGraphIds));
  if (issues.length > 0) return { ok: false, issues: distinct(issues) };

  const envVars = new Set<string>();
  const context = { graphs, proxyLinks: links, workflowId: read.workflow.id, workflowName: read.workflow.name, envVars };
  const engineGraph = buildEngineGraph(main.id, context);
  const requiredActors = [...new Set(engineGraphNodes(engineGraph).map((node) => node.component))];
  return {
    ok: true,
    conversion: {
      engine_graph: engineGraph,
      required_actors: requiredActors,
      unsupported_actors: requiredActors.filter((id) => id !== SUBGRAPH_COMPONENT && !catalogue.has(id)),
      required_env_vars: [...envVars],
      conversion_metadata: {
        source_workflow_id: read.workflow.id,
        source_workflow_name: read.workflow.name,
        node_count: ideGraphs.reduce((sum, graph) => sum + graph.nodes.length, 0),
        connection_count: ideGraphs.reduce((sum, graph) => sum + graph.connections.length, 0),
      },
    },
  };
}

function distinct(issues: readonly ConversionIssue[]): ConversionIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
