import { z } from './openapi-zod';

/** One end of a connection or an exported port: engine style `{nodeId, portId}` or NoFlo style `{process, port}`. */
export const PortRefSchema = z
  .object({
    nodeId: z.string().optional(),
    portId: z.string().optional(),
    process: z.string().optional(),
    port: z.string().optional(),
  })
  .passthrough()
  .openapi('PortRef', {
    description: 'A node port, written `{nodeId, portId}` or `{process, port}`; other keys (portName, expose, portType) are allowed.',
    example: { nodeId: 'mul', portId: 'a-in' },
  });

/** A node of the graph: the actor (component) it runs and its metadata, including its configuration. */
export const ProcessSchema = z
  .object({
    component: z.string().min(1).openapi({ description: 'Actor id (an IDE template id such as `tpl_math_add`, or `subgraph`)' }),
    metadata: z
      .record(z.unknown())
      .optional()
      .openapi({ description: '`config` and `propertyValues` configure the actor; `graph` holds the inner graph of a `subgraph` node' }),
  })
  .passthrough()
  .openapi('Process');

/** A connection between two ports, or an initial packet (`data` with no `from`). */
export const ConnectionSchema = z
  .object({
    from: PortRefSchema.optional(),
    to: PortRefSchema,
    data: z.unknown().optional().openapi({ description: 'Initial packet sent to `to` when the run starts' }),
    metadata: z.record(z.unknown()).optional(),
  })
  .passthrough()
  .openapi('Connection');

/** A flow-based-programming graph in the FBP JSON format. */
export const GraphJsonSchema = z
  .object({
    caseSensitive: z.boolean().optional().openapi({ description: 'When false (the default), port ids match ignoring case and `_` vs `-`' }),
    properties: z.record(z.unknown()).default({}).openapi({ description: 'Graph properties; `name` is the default workflow id' }),
    processes: z.record(ProcessSchema),
    connections: z.array(ConnectionSchema).default([]),
    inports: z.record(PortRefSchema).default({}).openapi({ description: 'Exported input ports: each key of the execution input names one' }),
    outports: z.record(PortRefSchema).default({}).openapi({ description: 'Exported output ports: each becomes a key of `result.outputs`' }),
    groups: z.array(z.unknown()).default([]),
  })
  .passthrough()
  .openapi('GraphJson', {
    example: {
      caseSensitive: false,
      properties: { name: 'multiply' },
      processes: { mul: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 } } } },
      connections: [],
      inports: { x: { process: 'mul', port: 'a-in' }, y: { process: 'mul', port: 'b-in' } },
      outports: { product: { process: 'mul', port: 'result-out' } },
      groups: [],
    },
  });
/** A graph as the contract accepts it (deep rules are checked by the engine's validation). */
export type GraphJson = z.infer<typeof GraphJsonSchema>;
