import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { type IdeEndpoint, type IdeGraph, type Located } from './ide-graph';

/*
 * The older snake_case dialect of the IDE (`is_main`, flat nodes with `template_id`, connections `from`/`to`
 * as `{node_id, port_id}`, groups with `name` and `metadata`) is rewritten into the current camelCase
 * dialect, so one reader handles both; the paths that reader reports are then written back in snake_case,
 * so that every problem points at the key the user wrote.
 */

// Node keys that move under `metadata`, with their camelCase names.
const NODE_METADATA_KEYS: Readonly<Record<string, string>> = {
  template_id: 'templateId',
  node_type: 'type',
  title: 'title',
  ports: 'ports',
  inputs: 'inputs',
  outputs: 'outputs',
  properties: 'properties',
  property_values: 'propertyValues',
  required_env_vars: 'requiredEnvVars',
  graph_id: 'graphId',
};

/** Tells whether a graph is in the snake_case dialect: `is_main`, a node with `template_id`, `node_type` or `property_values`, or a connection with `from`/`to`. */
export function isSnakeCaseGraph(raw: JsonObject): boolean {
  if ('is_main' in raw) return true;
  const anyHas = (list: unknown, keys: readonly string[]) => Array.isArray(list) && list.some((item) => isJsonObject(item) && keys.some((key) => key in item));
  return anyHas(raw.nodes, ['template_id', 'node_type', 'property_values']) || anyHas(raw.connections, ['from', 'to']);
}

/** Rewrites a snake_case graph into the camelCase dialect; values of the wrong shape are moved as they are, for the reader to report. */
export function snakeToCamelGraph(raw: JsonObject): JsonObject {
  const { is_main: isMain, nodes, connections, groups, ...rest } = raw;
  return {
    ...rest,
    ...(isMain === undefined ? {} : { isMain }),
    ...(nodes === undefined ? {} : { nodes: mapObjects(nodes, camelNode) }),
    ...(connections === undefined ? {} : { connections: mapObjects(connections, camelConnection) }),
    ...(groups === undefined ? {} : { groups: mapObjects(groups, camelGroup) }),
  };
}

function mapObjects(list: JsonValue, map: (item: JsonObject) => JsonObject): JsonValue {
  return Array.isArray(list) ? list.map((item) => (isJsonObject(item) ? map(item) : item)) : list;
}

function camelNode(node: JsonObject): JsonObject {
  const metadata: JsonObject = {};
  const rest: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const camel = NODE_METADATA_KEYS[key];
    if (camel === undefined) rest[key] = value;
    else metadata[camel] = value;
  }
  return { ...rest, metadata };
}

function camelEnd(end: JsonValue | undefined): JsonValue | undefined {
  if (!isJsonObject(end)) return end;
  const { node_id: nodeId, port_id: portId, ...rest } = end;
  return { ...rest, ...(nodeId === undefined ? {} : { nodeId }), ...(portId === undefined ? {} : { portId }) };
}

function camelConnection(connection: JsonObject): JsonObject {
  const { from, to, ...rest } = connection;
  const source = camelEnd(from);
  const target = camelEnd(to);
  return { ...rest, ...(source === undefined ? {} : { source }), ...(target === undefined ? {} : { target }) };
}

function camelGroup(group: JsonObject): JsonObject {
  const { name, nodes, metadata, ...rest } = group;
  const { description, color } = isJsonObject(metadata) ? metadata : {};
  return {
    ...rest,
    ...(name === undefined ? {} : { title: name }),
    ...(nodes === undefined ? {} : { nodeIds: nodes }),
    ...(description === undefined ? {} : { description }),
    ...(color === undefined ? {} : { color }),
  };
}

const CAMEL_TO_SNAKE: readonly [RegExp, string][] = [
  [/^(\.?)isMain\b/, '$1is_main'],
  ...Object.entries(NODE_METADATA_KEYS).map(([snake, camel]): [RegExp, string] => [
    new RegExp(`^(\\.?nodes\\[\\d+\\])\\.metadata\\.${camel}\\b`),
    `$1.${snake}`,
  ]),
  [/^(\.?nodes\[\d+\])\.metadata\b/, '$1'],
  [/^(\.?connections\[\d+\])\.source\b/, '$1.from'],
  [/^(\.?connections\[\d+\])\.target\b/, '$1.to'],
  [/^(\.?connections\[\d+\]\.(?:from|to))\.nodeId\b/, '$1.node_id'],
  [/^(\.?connections\[\d+\]\.(?:from|to))\.portId\b/, '$1.port_id'],
  [/^(\.?groups\[\d+\])\.title\b/, '$1.name'],
  [/^(\.?groups\[\d+\])\.nodeIds\b/, '$1.nodes'],
  [/^(\.?groups\[\d+\])\.(description|color)\b/, '$1.metadata.$2'],
];

/** Turns a path into the camelCase form of a snake_case graph at `graphPath` back into the keys the user wrote. */
export function snakePathOf(graphPath: string): (path: string) => string {
  return (path) => {
    if (!path.startsWith(graphPath)) return path;
    let tail = path.slice(graphPath.length);
    for (const [pattern, replacement] of CAMEL_TO_SNAKE) tail = tail.replace(pattern, replacement);
    return graphPath + tail;
  };
}

/** A read graph with every path it records renamed (its property values are data, never renamed). */
export function renameGraphPaths(graph: IdeGraph, rename: (path: string) => string): IdeGraph {
  const located = <T>(value: Located<T>): Located<T> => ({ ...value, path: rename(value.path) });
  const end = (endpoint: IdeEndpoint): IdeEndpoint => ({ nodeId: located(endpoint.nodeId), portId: located(endpoint.portId) });
  return {
    ...graph,
    path: rename(graph.path),
    nodes: graph.nodes.map((node) => ({
      ...node,
      path: rename(node.path),
      template: {
        ...(node.template.explicit === undefined ? {} : { explicit: located(node.template.explicit) }),
        types: node.template.types.map(located),
        path: rename(node.template.path),
      },
      propertyValuesPath: rename(node.propertyValuesPath),
      ...(node.graphId === undefined ? {} : { graphId: located(node.graphId) }),
      graphIdPath: rename(node.graphIdPath),
    })),
    connections: graph.connections.map((connection) => ({
      ...connection,
      path: rename(connection.path),
      source: end(connection.source),
      target: end(connection.target),
    })),
  };
}
