// Reads a stored graph (FBP JSON as this service, NoFlo or Flowhub write it) into the nodes and edges to draw.

import { preview } from './dom.js';

/** Port ids match ignoring case and `_` vs `-`, as the engine matches them by default. */
export const portKey = (port) =>
  String(port ?? '')
    .toLowerCase()
    .replaceAll('_', '-');

function endpoint(value) {
  if (!value || typeof value !== 'object') return undefined;
  const node = value.nodeId ?? value.process;
  return typeof node === 'string' ? { node, port: String(value.portId ?? value.port ?? '') } : undefined;
}

function processesOf(graph) {
  const processes = graph.processes ?? {};
  if (Array.isArray(processes)) return processes.map((process) => [String(process.id), process]);
  return Object.entries(processes);
}

/** A node's title as the service reads it (server/engine/graph/node-label.ts): `metadata.title`, else NoFlo's `metadata.label`; none when it is only the id. */
function titleOf(id, metadata) {
  for (const key of ['title', 'label']) {
    const value = metadata?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value === id ? undefined : value;
  }
  return undefined;
}

/** The title of every titled node, composite nodes' inner nodes included, keyed by the id events use (`sub/abs`). */
export function nodeTitles(graph, prefix = '') {
  const titles = new Map();
  for (const [id, process] of processesOf(graph ?? {})) {
    const path = prefix + id;
    const title = titleOf(path, process?.metadata);
    if (title !== undefined) titles.set(path, title);
    const inner = process?.metadata?.graph;
    if (inner && typeof inner === 'object') for (const [key, value] of nodeTitles(inner, `${path}/`)) titles.set(key, value);
  }
  return titles;
}

/**
 * The drawable parts of a graph: `nodes` (processes, exported ports and initial packets, each with a `kind`;
 * a process's `label` is its title, else its id)
 * and `edges` (`{id, from, fromPort, to, toPort, kind}`); edges between processes are keyed by
 * {@link edgeKey} so that `MessageSent` events find them.
 */
export function graphModel(graph) {
  const nodes = [];
  const edges = [];
  // A process shows its title when it has one; its id stays in its tooltip and in `data-node`.
  for (const [id, process] of processesOf(graph)) {
    const title = titleOf(id, process?.metadata);
    nodes.push({ id, kind: 'process', label: title ?? id, title, detail: process?.component ?? '' });
  }
  const known = new Set(nodes.map((node) => node.id));
  (graph.connections ?? []).forEach((connection, index) => {
    const from = endpoint(connection.from ?? connection.src);
    const to = endpoint(connection.to ?? connection.tgt);
    if (!to || !known.has(to.node)) return;
    if (from && known.has(from.node)) {
      edges.push({
        id: edgeKey(from.node, from.port, to.node, to.port),
        from: from.node,
        fromPort: from.port,
        to: to.node,
        toPort: to.port,
        kind: 'connection',
      });
    } else if ('data' in connection) {
      const id = `iip:${index}`;
      nodes.push({ id, kind: 'initial', label: preview(connection.data, 24), detail: 'initial packet' });
      edges.push({ id, from: id, to: to.node, toPort: to.port, kind: 'initial' });
    }
  });
  for (const [name, value] of Object.entries(graph.inports ?? {})) {
    const target = endpoint(value);
    if (!target || !known.has(target.node)) continue;
    nodes.push({ id: `in:${name}`, kind: 'inport', label: name, detail: 'input' });
    edges.push({ id: `in:${name}`, from: `in:${name}`, to: target.node, toPort: target.port, kind: 'inport' });
  }
  for (const [name, value] of Object.entries(graph.outports ?? {})) {
    const source = endpoint(value);
    if (!source || !known.has(source.node)) continue;
    nodes.push({ id: `out:${name}`, kind: 'outport', label: name, detail: 'output' });
    edges.push({ id: `out:${name}`, from: source.node, fromPort: source.port, to: `out:${name}`, kind: 'outport' });
  }
  return { nodes, edges };
}

/** The key of a connection between two process ports. */
export function edgeKey(fromNode, fromPort, toNode, toPort) {
  return `${fromNode}.${portKey(fromPort)}>${toNode}.${portKey(toPort)}`;
}
