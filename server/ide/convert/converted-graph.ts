import { z } from 'zod';
import { CheckedJsonObjectSchema } from '../../../model';

/** One end of a converted connection, in the engine's `{nodeId, portId}` style. */
const ConvertedEndpointSchema = z.object({ nodeId: z.string(), portId: z.string() });

/** A converted connection; `metadata.id` keeps the IDE's connection id. */
const ConvertedConnectionSchema = z.object({
  from: ConvertedEndpointSchema,
  to: ConvertedEndpointSchema,
  metadata: z.object({ id: z.string().optional() }),
});

/** A converted connection. */
export type ConvertedConnection = z.infer<typeof ConvertedConnectionSchema>;

/**
 * A converted node. `metadata.config` holds the resolved property values; `sourcePath` says where the node
 * sits in the submitted workflow; a composite (`subgraph`) node also carries `graphId` and its inner `graph`.
 */
const ConvertedProcessSchema = z.object({
  component: z.string(),
  metadata: z.object({
    config: CheckedJsonObjectSchema,
    title: z.string().optional(),
    templateId: z.string(),
    sourcePath: z.string(),
    graphId: z.string().optional(),
    /** The inner graph of a composite node, in this same format (read it with `ConvertedGraphSchema`). */
    graph: z.unknown().optional(),
  }),
});

/** A converted node. */
export type ConvertedProcess = z.infer<typeof ConvertedProcessSchema>;

/** A converted group: the IDE group's title, its node ids, and its description and colour. */
const ConvertedGroupSchema = z.object({
  name: z.string(),
  nodes: z.array(z.string()),
  metadata: z.object({ description: z.string().optional(), color: z.string().optional() }),
});

/** The identity of a converted graph: the IDE graph's name, id and namespace, and its workflow's id and name. */
const ConvertedGraphPropertiesSchema = z.object({
  name: z.string(),
  id: z.string(),
  namespace: z.string().optional(),
  workflowId: z.string(),
  workflowName: z.string(),
});

/** An IDE graph converted to the engine's FBP JSON graph, inner graphs of composite nodes included. */
export const ConvertedGraphSchema = z.object({
  caseSensitive: z.literal(true),
  properties: ConvertedGraphPropertiesSchema,
  processes: z.record(ConvertedProcessSchema),
  connections: z.array(ConvertedConnectionSchema),
  inports: z.record(z.never()),
  outports: z.record(z.never()),
  groups: z.array(ConvertedGroupSchema),
});

/** An IDE graph converted to the engine's FBP JSON graph. */
export type ConvertedGraph = z.infer<typeof ConvertedGraphSchema>;
