import { type JsonObject } from '../../../model';

// The key under which the IDE converter keeps a node's title (`metadata.title`).
const TITLE_KEY = 'title';

/** How messages name a node: its title with its id in brackets (`Square Root [sqrt-1]`), or its id alone. */
export function nodeLabel(id: string, metadata: JsonObject | undefined): string {
  const title = metadata?.[TITLE_KEY];
  return typeof title === 'string' && title.trim() !== '' && title !== id ? `${title} [${id}]` : id;
}

/** The labels of every node that has a title, composite nodes' inner nodes included, keyed by node path (`sub/abs`). */
export function nodeLabels(graph: { readonly nodes: readonly { id: string; metadata: JsonObject; subgraph?: unknown }[] }, prefix = ''): Map<string, string> {
  const labels = new Map<string, string>();
  for (const node of graph.nodes) {
    const path = prefix + node.id;
    const label = nodeLabel(path, node.metadata);
    if (label !== path) labels.set(path, label);
    const inner = node.subgraph as Parameters<typeof nodeLabels>[0] | undefined;
    if (inner !== undefined) for (const [key, value] of nodeLabels(inner, `${path}/`)) labels.set(key, value);
  }
  return labels;
}
