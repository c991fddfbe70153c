import { type JsonObject, type RunNames } from '../../../model';
import { nodeTitles } from './node-label';

/** A graph as its names are read from it: its properties and its nodes' metadata. */
interface NamedGraph {
  readonly properties: JsonObject;
  readonly nodes: readonly { id: string; metadata: JsonObject; subgraph?: unknown }[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** A graph's workflow name: the IDE workflow's name the converter keeps (`workflowName`), else the graph's `name`. */
export function workflowNameOf(properties: unknown): string | undefined {
  if (properties === null || typeof properties !== 'object') return undefined;
  const { workflowName, name } = properties as Record<string, unknown>;
  return text(workflowName) ?? text(name);
}

/**
 * The names people use for a run's parts: the workflow's name, every titled node's title and, for each output
 * key collected from a titled node's unconnected port (`<nodeId>.<portId>`), `<title>: <portId>`.
 */
export function runNames(graph: NamedGraph, outputKeys: Iterable<string>): RunNames {
  const titles = nodeTitles(graph);
  const outputs: Record<string, string> = {};
  for (const key of outputKeys) {
    // Node ids may hold dots themselves: the key names the titled node whose id and a dot begin it.
    for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
      const title = titles.get(key.slice(0, dot));
      if (title === undefined) continue;
      outputs[key] = `${title}: ${key.slice(dot + 1)}`;
      break;
    }
  }
  const workflowName = workflowNameOf(graph.properties);
  return { ...(workflowName === undefined ? {} : { workflow_name: workflowName }), nodes: Object.fromEntries(titles), outputs };
}
