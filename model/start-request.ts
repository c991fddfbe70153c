import { z } from 'zod';
import { GraphJsonSchema } from './graph-json';
import { JsonValueSchema } from './json-value';

/** Execution ids are URL-safe so that they can stand in a path. */
export const ExecutionIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'must start with a letter or digit and hold only letters, digits and . _ : -')
  .describe('An execution id: letters, digits and . _ : -, at most 128 characters');

/** The metadata of a start request; other keys are kept with the execution. */
export const StartMetadataSchema = z
  .object({
    execution_id: ExecutionIdSchema.optional().describe('Generated (a UUID) when absent; re-posting the same request with it is an idempotent retry'),
    workflow_id: z.string().min(1).max(256).optional().describe("Defaults to the graph's `properties.name`"),
    source: z.string().min(1).max(64).optional().describe('`http_api` by default over HTTP, `websocket` over WebSocket'),
    webhook_url: z.string().url().nullable().optional().describe('Receives a POST with the execution once it has ended'),
    enable_tracing: z.boolean().optional().describe('Forward events to the IDE trace collector when the event bridge is configured (default true)'),
    timeout_ms: z.number().int().positive().optional().describe('Fails the run when it lasts longer; defaults to the server-wide `execution_timeout_ms`'),
  })
  .passthrough()
  .describe('Metadata of a start request; other keys are stored with the execution');

/** The metadata of a start request, as parsed. */
export type StartMetadata = z.infer<typeof StartMetadataSchema>;

/** The body of `POST /workflows` and the `data` of the WebSocket `start_workflow` message. */
export const StartWorkflowRequestSchema = z
  .object({
    graph_json: GraphJsonSchema,
    input: z.record(JsonValueSchema).default({}).describe('Each key names an exported inport of the graph'),
    metadata: StartMetadataSchema.default({}),
  })
  .describe('A request to run a graph: the graph, its input and the metadata');

/** A start request as received (before defaults). */
export type StartWorkflowRequest = z.input<typeof StartWorkflowRequestSchema>;

/** A start request as parsed: what the execution service runs. */
export type StartRequest = z.output<typeof StartWorkflowRequestSchema>;
