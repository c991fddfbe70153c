import { z } from 'zod';
import { joinPath } from './conversion-issue';
import {
  DeclaredPortSchema,
  OptionalTextSchema,
  PortIdEntrySchema,
  PropertyDefinitionsSchema,
  declaredPorts,
  definitionDefaults,
  firstObject,
  locatedText,
} from './dialect-parts';
import { type GraphDefaults } from './graph-defaults';
import { type IdeConnection, type IdeGraph, type IdeNode, type Located } from './ide-graph';
import { JsonObjectSchema } from './json-value-schema';

/** A node in the older snake_case dialect: flat, no `metadata` wrapper; display fields pass through unread. */
export const SnakeNodeSchema = z
  .object({
    id: z.string().min(1),
    template_id: OptionalTextSchema,
    node_type: OptionalTextSchema,
    title: OptionalTextSchema,
    ports: z.array(DeclaredPortSchema).nullish(),
    inputs: z.array(PortIdEntrySchema).nullish(),
    outputs: z.array(PortIdEntrySchema).nullish(),
    properties: PropertyDefinitionsSchema.nullish(),
    property_values: JsonObjectSchema.nullish(),
    propertyValues: JsonObjectSchema.nullish(),
    required_env_vars: z.array(z.string()).nullish(),
    graph_id: OptionalTextSchema,
  })
  .passthrough();

const SnakeEndpointSchema = z.object({ node_id: z.string().min(1), port_id: z.string().min(1) }).passthrough();

/** A connection in the snake_case dialect: `from`/`to` as `{node_id, port_id}`. */
export const SnakeConnectionSchema = z
  .object({
    id: OptionalTextSchema,
    from: SnakeEndpointSchema,
    to: SnakeEndpointSchema,
  })
  .passthrough();

/** A group in the snake_case dialect: `name`, `nodes`, and `metadata` with description and color. */
export const SnakeGroupSchema = z
  .object({
    id: OptionalTextSchema,
    name: OptionalTextSchema,
    nodes: z.array(z.string()).nullish(),
    metadata: z.object({ description: OptionalTextSchema, color: OptionalTextSchema }).passthrough().nullish(),
  })
  .passthrough();

/** A graph in the snake_case dialect (`is_main`, flat nodes, `from`/`to` connections). */
export const SnakeGraphSchema = z
  .object({
    id: OptionalTextSchema,
    name: OptionalTextSchema,
    namespace: OptionalTextSchema,
    is_main: z.boolean().nullish(),
    nodes: z.array(SnakeNodeSchema),
    connections: z.array(SnakeConnectionSchema).nullish(),
    groups: z.array(SnakeGroupSchema).nullish(),
  })
  .passthrough();

/** A graph in the snake_case dialect. */
export type SnakeGraph = z.infer<typeof SnakeGraphSchema>;

/** Reads a parsed snake_case graph, whose id is already settled, into the dialect-free form. */
export function readSnakeGraph(graph: SnakeGraph, id: string, path: string, defaults: GraphDefaults): IdeGraph {
  return {
    id,
    name: graph.name ?? defaults.name ?? id,
    namespace: graph.namespace ?? defaults.namespace,
    isMain: graph.is_main ?? defaults.isMain ?? false,
    path,
    nodes: graph.nodes.map((node, i) => readSnakeNode(node, joinPath(path, 'nodes', i))),
    connections: (graph.connections ?? []).map((connection, i) => readSnakeConnection(connection, joinPath(path, 'connections', i))),
    groups: (graph.groups ?? []).map((group) => ({
      name: group.name ?? group.id ?? '',
      nodes: group.nodes ?? [],
      description: group.metadata?.description ?? undefined,
      color: group.metadata?.color ?? undefined,
    })),
  };
}

function readSnakeNode(node: z.infer<typeof SnakeNodeSchema>, path: string): IdeNode {
  const values = firstObject([
    [node.property_values, joinPath(path, 'property_values')],
    [node.propertyValues, joinPath(path, 'propertyValues')],
  ]);
  const type = locatedText(node.node_type, path, 'node_type');
  return {
    id: node.id,
    path,
    template: {
      explicit: locatedText(node.template_id, path, 'template_id'),
      types: type === undefined ? [] : [type],
      path: joinPath(path, 'template_id'),
    },
    title: node.title ?? undefined,
    ports: declaredPorts(node.ports, node.inputs, node.outputs),
    definitionDefaults: definitionDefaults(node.properties),
    propertyValues: values.value,
    propertyValuesPath: values.path,
    requiredEnvVars: node.required_env_vars ?? undefined,
    graphId: locatedText(node.graph_id, path, 'graph_id'),
    graphIdPath: joinPath(path, 'graph_id'),
  };
}

function readSnakeConnection(connection: z.infer<typeof SnakeConnectionSchema>, path: string): IdeConnection {
  const end = (side: 'from' | 'to') => ({
    nodeId: { value: connection[side].node_id, path: joinPath(path, side, 'node_id') } satisfies Located<string>,
    portId: { value: connection[side].port_id, path: joinPath(path, side, 'port_id') } satisfies Located<string>,
  });
  return { id: connection.id ?? undefined, path, source: end('from'), target: end('to') };
}
