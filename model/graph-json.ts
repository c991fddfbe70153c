import { z } from 'zod';

/**
 * One end of a connection or an exported port as submitted: the engine style `{nodeId, portId}` or NoFlo's
 * `{process, port}`; other keys (`portName`, `expose`, `portType`, `metadata`) are allowed and ignored. An `index`
 * names a slot of an addressable port (NoFlo's array ports), and is refused on any other port.
 */
const GraphEndpointJsonSchema = z
  .object({
    nodeId: z.string().min(1).optional().describe('Node id (engine style)'),
    portId: z.string().min(1).optional().describe('Port id (engine style)'),
    process: z.string().min(1).optional().describe('Node id (NoFlo style)'),
    port: z.string().min(1).optional().describe('Port id (NoFlo style)'),
    index: z
      .number()
      .int()
      .nonnegative()
      .nullish()
      .describe('A slot of an addressable port (NoFlo style, `IN[0]` in .fbp); refused on a port that is not addressable'),
  })
  .passthrough()
  .describe(
    'A node port, written `{nodeId, portId}` or `{process, port}`; other keys (portName, expose, portType) are allowed; an `index` names a slot of an addressable port.',
  );

/** A connection end or exported port as submitted. */
export type GraphEndpointJson = z.infer<typeof GraphEndpointJsonSchema>;

/**
 * A connection as submitted: `from`/`to` (or NoFlo's `src`/`tgt`); a connection with `data` and no usable
 * `from` is an initial packet for its `to` port.
 */
const GraphConnectionJsonSchema = z
  .object({
    from: GraphEndpointJsonSchema.nullish().describe('Source port'),
    src: GraphEndpointJsonSchema.nullish().describe('Source port (NoFlo style)'),
    to: GraphEndpointJsonSchema.nullish().describe('Target port'),
    tgt: GraphEndpointJsonSchema.nullish().describe('Target port (NoFlo style)'),
    data: z.unknown().optional().describe('Initial packet sent to the target when the run starts (a connection with no source)'),
    metadata: z.record(z.unknown()).nullish().describe('Free-form metadata (route, label, ...)'),
  })
  .passthrough()
  .describe('A connection between two ports, or an initial packet: `data` and a target with no source.');

/** A connection as submitted. */
export type GraphConnectionJson = z.infer<typeof GraphConnectionJsonSchema>;

/** The metadata of a process: its configuration layers, a subgraph's inner graph, its title, anything else. */
const GraphProcessMetadataJsonSchema = z
  .object({
    config: z.record(z.unknown()).nullish().describe('Actor configuration (ActorConfig keys)'),
    propertyValues: z.record(z.unknown()).nullish().describe('IDE property values, applied under `config`'),
    graph: z.unknown().optional().describe('The inner graph of a `subgraph` node'),
    title: z
      .unknown()
      .optional()
      .describe("The node's title for people (the IDE's node title): messages, the result's `names`, the command line and /ui name the node by it"),
    label: z.unknown().optional().describe("NoFlo's node label: the node's title when it has no `title`"),
    retry: z
      .unknown()
      .optional()
      .describe(
        "The node's retry policy: `{max_attempts, backoff_ms (1000), max_backoff_ms (60000), on (['any'])}`; a failed firing runs again with the same inputs, each retried attempt an ActorRetrying event",
      ),
  })
  .passthrough()
  .describe('`config` and `propertyValues` configure the actor; `graph` holds the inner graph of a `subgraph` node; `retry` is its retry policy.');

/** A process (node): the actor (component) it runs and its metadata. */
export const GraphProcessJsonSchema = z
  .object({
    component: z.string().min(1).describe('Actor id (an IDE template id such as `tpl_math_add`, or `subgraph`)'),
    metadata: GraphProcessMetadataJsonSchema.nullish(),
  })
  .passthrough()
  .describe('A node of the graph: the actor it runs and its metadata, including its configuration.');

/** A process as submitted. */
export type GraphProcessJson = z.infer<typeof GraphProcessJsonSchema>;

/** `processes` keyed by node id, the FBP JSON form. */
const GraphProcessRecordJsonSchema = z.record(GraphProcessJsonSchema);

/** `processes` as an array of `{id, component, metadata}`, a lenient form. */
const GraphProcessArrayJsonSchema = z.array(GraphProcessJsonSchema.extend({ id: z.string().min(1).describe('Node id') }));

/** `processes` in either form. */
export type GraphProcessesJson = z.infer<typeof GraphProcessRecordJsonSchema> | z.infer<typeof GraphProcessArrayJsonSchema>;

// A union would report only "invalid input" for a bad process; checking the one form the value has names the exact field.
const GraphProcessesJsonSchema = z
  .custom<GraphProcessesJson>((value) => typeof value === 'object' && value !== null, {
    message: 'processes must be an object keyed by node id or an array of processes',
  })
  .superRefine((value, ctx) => {
    const parsed = (Array.isArray(value) ? GraphProcessArrayJsonSchema : GraphProcessRecordJsonSchema).safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue(issue);
  })
  .describe('Nodes keyed by node id (`{"mul": {"component": ...}}`), or an array of nodes that each carry an `id`');

/**
 * An exported port in the legacy NoFlo form, `{private: 'node.port', public: 'name'}`: an exported inport or
 * outport, whichever side of the node the port is on.
 */
const LegacyExportJsonSchema = z
  .object({
    private: z.string().min(1).describe('The node and port, as `node.port`'),
    public: z.string().min(1).describe('The name the graph exports the port under'),
  })
  .passthrough()
  .describe("An exported port in NoFlo's legacy form");

/** A legacy exported port as submitted. */
export type LegacyExportJson = z.infer<typeof LegacyExportJsonSchema>;

/** An FBP JSON graph, as written by this service, the IDE converter, NoFlo and Flowhub. */
export const GraphJsonSchema = z
  .object({
    caseSensitive: z.boolean().nullish().describe('When false (the default), port ids match ignoring case and `_` vs `-`'),
    properties: z.record(z.unknown()).nullish().describe('Graph properties; `name` is the default workflow id'),
    processes: GraphProcessesJsonSchema,
    connections: z.array(GraphConnectionJsonSchema).nullish().describe('Connections and initial packets'),
    inports: z.record(GraphEndpointJsonSchema).nullish().describe('Exported input ports: each key of the execution input names one'),
    outports: z.record(GraphEndpointJsonSchema).nullish().describe('Exported output ports: each becomes a key of `result.outputs`'),
    groups: z.array(z.unknown()).nullish().describe('Node groups, kept as given'),
    exports: z
      .array(LegacyExportJsonSchema)
      .nullish()
      .describe(
        "NoFlo's legacy exported ports, `[{private: 'node.port', public: 'name'}]`: each becomes an exported inport or outport, as the port's direction on its node says",
      ),
  })
  .passthrough()
  .describe('A flow-based-programming graph in the FBP JSON format (engine or NoFlo style).');

/** An FBP JSON graph as parsed. */
export type GraphJson = z.infer<typeof GraphJsonSchema>;
