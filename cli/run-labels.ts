import { type RunNames } from '../model';
import { type Graph, nodeLabels, workflowNameOf } from '../server/engine';

/** How the command line names a run's workflow and nodes to the person at the terminal; ids stay in brackets. */
export interface RunLabels {
  /** The workflow's name, when its graph has one. */
  readonly workflowName: string | undefined;
  /** A node as messages name it: its title with its id in brackets (`Square Root [sqrt-1]`), or its id alone. */
  node(id: string): string;
}

/** The labels of a run's graph, as the engine names nodes in its messages; ids alone when the graph is unknown. */
export function runLabels(graph: Graph | undefined): RunLabels {
  const labels = graph === undefined ? new Map<string, string>() : nodeLabels(graph);
  return { workflowName: graph === undefined ? undefined : workflowNameOf(graph.properties), node: (id) => labels.get(id) ?? id };
}

/** The labels, completed by a result's names for the nodes the graph did not title (a graph the command line could not read). */
export function withResultNames(labels: RunLabels, names: RunNames | undefined): RunLabels {
  if (names === undefined) return labels;
  return {
    workflowName: labels.workflowName ?? names.workflow_name,
    node: (id) => {
      const label = labels.node(id);
      const title = names.nodes[id];
      return label === id && title !== undefined ? `${title} [${id}]` : label;
    },
  };
}
