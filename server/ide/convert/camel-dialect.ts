import { z } from 'zod';
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
import { CheckedJsonObjectSchema, joinPath } from '../../../model';

/** A node's `metadata` in the current IDE dialect; display fields (icon, position, propertyRules...) pass through unread. */
const CamelNodeMetadataSchema = z
  .object({
    templateId: OptionalTextSchema,
    type: OptionalTextSchema,
    title: OptionalTextSchema,
    ports: z.array(DeclaredPortSchema).nullish(),
    inputs: z.array(PortIdEntrySchema).nullish(),
    outputs: z.array(PortIdEntrySchema).nullish(),
    properties: PropertyDefinitionsSchema.nullish(),
    propertyValues: CheckedJsonObjectSchema.nullish(),
    requiredEnvVars: z.array(z.string()).nullish(),
    graphId: OptionalTextSchema,
    retry: CheckedJsonObjectSchema.nullish(),
  })
  .passthrough();

/** A node in the current IDE dialect: `{id, type, position, metadata}`, with the store's node-level `propertyValues`. */
const CamelNodeSchema = z
  .object({
    id: z.string().min(1),
    type: OptionalTextSchema,
    metadata: CamelNodeMetadataSchema.nullish(),
    propertyValues: CheckedJsonObjectSchema.nullish(),
    property_values: CheckedJsonObjectSchema.nullish(),
  })
  .passthrough();

const CamelEndpointSchema = z.object({ nodeId: z.string().min(1), portId: z.string().min(1) }).passthrough();

/** A connection in the current IDE dialect: `source`/`target` as `{nodeId, portId}`, or the older flat fields. */
const CamelConnectionSchema = z
  .object({
    id: OptionalTextSchema,
    source: CamelEndpointSchema.nullish(),
    target: CamelEndpointSchema.nullish(),
    sourceNodeId: OptionalTextSchema,
    sourcePortId: OptionalTextSchema,
    targetNodeId: OptionalTextSchema,
    targetPortId: OptionalTextSchema,
  })
  .passthrough()
  .superRefine((connection, ctx) => {
    for (const side of ['source', 'target'] as const) {
      if (connection[side] == null && (!connection[`${side}NodeId`] || !connection[`${side}PortId`])) {
        ctx.addIssue({ code: 'custom', path: [side], message: `a connection needs '${side}' as {nodeId, portId} (or ${side}NodeId and ${side}PortId)` });
      }
    }
  });

/** A group in the current IDE dialect: `title`, `description`, `nodeIds`, `color`. */
const CamelGroupSchema = z
  .object({
    id: OptionalTextSchema,
    title: OptionalTextSchema,
    description: OptionalTextSchema,
    nodeIds: z.array(z.string()).nullish(),
    color: OptionalTextSchema,
  })
  .passthrough();

/** A graph in the current IDE dialect (`isMain`, camelCase nodes and connections). */
export const CamelGraphSchema = z
  .object({
    id: OptionalTextSchema,
    name: OptionalTextSchema,
    namespace: OptionalTextSchema,
    isMain: z.boolean().nullish(),
    nodes: z.array(CamelNodeSchema),
    connections: z.array(CamelConnectionSchema).nullish(),
    groups: z.array(CamelGroupSchema).nullish(),
  })
  .passthrough();

/** A graph in the current IDE dialect. */
export type CamelGraph = z.infer<typeof CamelGraphSchema>;

/** Reads a parsed camelCase graph, whose id is already settled, into the dialect-free form. */
export function readCamelGraph(graph: CamelGraph, id: string, path: string, defaults: GraphDefaults): IdeGraph {
  return {
    id,
    name: graph.name ?? defaults.name ?? id,
    namespace: graph.namespace ?? defaults.namespace,
    isMain: graph.isMain ?? defaults.isMain ?? false,
    path,
    nodes: graph.nodes.map((node, i) => readCamelNode(node, joinPath(path, 'nodes', i))),
    connections: (graph.connections ?? []).map((connection, i) => readCamelConnection(connection, joinPath(path, 'connections', i))),
    groups: (graph.groups ?? []).map((group) => ({
      name: group.title ?? group.id ?? '',
      nodes: group.nodeIds ?? [],
      description: group.description ?? undefined,
      color: group.color ?? undefined,
    })),
  };
}

function readCamelNode(node: z.infer<typeof CamelNodeSchema>, path: string): IdeNode {
  const metadata = node.metadata ?? {};
  const metadataPath = joinPath(path, 'metadata');
  const values = firstObject([
    [metadata.propertyValues, joinPath(metadataPath, 'propertyValues')],
    [node.propertyValues, joinPath(path, 'propertyValues')],
    [node.property_values, joinPath(path, 'property_values')],
  ]);
  const types = [locatedText(node.type, path, 'type'), locatedText(metadata.type, metadataPath, 'type')];
  return {
    id: node.id,
    path,
    template: {
      explicit: locatedText(metadata.templateId, metadataPath, 'templateId'),
      types: types.filter((type): type is Located<string> => type !== undefined),
      path: joinPath(metadataPath, 'templateId'),
    },
    title: metadata.title ?? undefined,
    ports: declaredPorts(metadata.ports, metadata.inputs, metadata.outputs),
    definitionDefaults: definitionDefaults(metadata.properties),
    propertyValues: values.value,
    propertyValuesPath: values.path,
    requiredEnvVars: metadata.requiredEnvVars ?? undefined,
    retry: metadata.retry ?? undefined,
    graphId: locatedText(metadata.graphId, metadataPath, 'graphId'),
    graphIdPath: joinPath(metadataPath, 'graphId'),
  };
}

function readCamelConnection(connection: z.infer<typeof CamelConnectionSchema>, path: string): IdeConnection {
  const end = (side: 'source' | 'target') => {
    const nested = connection[side];
    if (nested != null) {
      return {
        nodeId: { value: nested.nodeId, path: joinPath(path, side, 'nodeId') },
        portId: { value: nested.portId, path: joinPath(path, side, 'portId') },
      };
    }
    return {
      nodeId: { value: connection[`${side}NodeId`] ?? '', path: joinPath(path, `${side}NodeId`) },
      portId: { value: connection[`${side}PortId`] ?? '', path: joinPath(path, `${side}PortId`) },
    };
  };
  return { id: connection.id ?? undefined, path, source: end('source'), target: end('target') };
}
