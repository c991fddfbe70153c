import { type JsonObject } from '../../../model';

// Where a node's title is kept: `metadata.title` (the IDE converter writes it), else NoFlo's `metadata.label`.
const TITLE_KEYS = ['title', 'label'] as const;

/** A graph as titles are read from it: its nodes' metadata, composite nodes' inner graphs included. */
interface TitledGraph {
  readonly nodes: readonly { id: string; metadata: JsonObject; subgraph?: unknown }[];
}

/** A node's title: `metadata.title`, else `metadata.label`; undefined when it has none, or only its own id. */
export function nodeTitle(id: string, metadata: JsonObject | undefined): string | undefined {
  for (const key of TITLE_KEYS) {
    const value = metadata?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value === id ? undefined : value;
  }
  return undefined;
}

/** How messages name a node: its title with its id in brackets (`Square Root [sqrt-1]`), or its id alone. */
export function nodeLabel(id: string, metadata: JsonObject | undefined): string {
  const title = nodeTitle(id, metadata);
  return title === undefined ? id : `${title} [${id}]`;
}

/** The title of every node that has one, composite nodes' inner nodes included, keyed by node path (`sub/abs`). */
export function nodeTitles(graph: TitledGraph, prefix = ''): Map<string, string> {
  const titles = new Map<string, string>();
  for (const node of graph.nodes) {
    const path = prefix + node.id;
    const title = nodeTitle(path, node.metadata);
    if (title !== undefined) titles.set(path, title);
    const inner = node.subgraph as TitledGraph | undefined;
    if (inner !== undefined) for (const [key, value] of nodeTitles(inner, `${path}/`)) titles.set(key, value);
  }
  return titles;
}

/** The labels of every node that has a title, keyed by node path (`sub/abs`). */
export function nodeLabels(graph: TitledGraph, prefix = ''): Map<string, string> {
  const labels = new Map<string, string>();
  for (const [path, title] of nodeTitles(graph, prefix)) labels.set(path, `${title} [${path}]`);
  return labels;
}
