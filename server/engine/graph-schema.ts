import { z } from 'zod';

/**
 * One end of a connection or an exported port as submitted: the engine style `{nodeId, portId}` or NoFlo's
 * `{process, port}`; other keys (`portName`, `expose`, `portType`, `index`, `metadata`) are allowed and ignored.
 */
export const GraphEndpointJsonSchema = z
  .object({
    nodeId: z.string().min(1).optional(),
    portId: z.string().min(1).optional(),
    process: z.string().min(1).optional(),
    port: z.string().min(1).optional(),
  })
  .passthrough();

/** A connection end or exported port as submitted. */
export type GraphEndpointJson = z.infer<typeof GraphEndpointJsonSchema>;

/**
 * A connection as submitted: `from`/`to` (or NoFlo's `src`/`tgt`); a connection with `data` and no usable
 * `from` is an initial packet for its `to` port.
 */
export const GraphConnectionJsonSchema = z
  .object({
    from: GraphEndpointJsonSchema.nullish(),
    src: GraphEndpointJsonSchema.nullish(),
    to: GraphEndpointJsonSchema.nullish(),
    tgt: GraphEndpointJsonSchema.nullish(),
    data: z.unknown().optional(),
  })
  .passthrough();

/** A connection as submitted. */
export type GraphConnectionJson = z.infer<typeof GraphConnectionJsonSchema>;

/** The metadata of a process: its configuration layers, a subgraph's inner graph, anything else. */
export const GraphProcessMetadataJsonSchema = z
  .object({
    config: z.record(z.unknown()).nullish(),
    propertyValues: z.record(z.unknown()).nullish(),
    graph: z.unknown().optional(),
  })
  .passthrough();

/** A process (node) as submitted in the `processes` object. */
export const GraphProcessJsonSchema = z
  .object({
    component: z.string().min(1),
    metadata: GraphProcessMetadataJsonSchema.nullish(),
  })
  .passthrough();

/** A process as submitted. */
export type GraphProcessJson = z.infer<typeof GraphProcessJsonSchema>;

/** `processes` keyed by node id, the FBP JSON form. */
export const GraphProcessRecordJsonSchema = z.record(GraphProcessJsonSchema);

/** `processes` as an array of `{id, component, metadata}`, a lenient form. */
export const GraphProcessArrayJsonSchema = z.array(GraphProcessJsonSchema.extend({ id: z.string().min(1) }));

/** An FBP JSON graph as submitted; `processes` is checked by one of the two process schemas above. */
export const GraphJsonSchema = z
  .object({
    caseSensitive: z.boolean().nullish(),
    properties: z.record(z.unknown()).nullish(),
    processes: z.union([z.record(z.unknown()), z.array(z.unknown())], {
      errorMap: () => ({ message: 'processes must be an object keyed by node id or an array of processes' }),
    }),
    connections: z.array(GraphConnectionJsonSchema).nullish(),
    inports: z.record(GraphEndpointJsonSchema).nullish(),
    outports: z.record(GraphEndpointJsonSchema).nullish(),
    groups: z.array(z.unknown()).nullish(),
  })
  .passthrough();

/** An FBP JSON graph as submitted. */
export type GraphJson = z.infer<typeof GraphJsonSchema>;
