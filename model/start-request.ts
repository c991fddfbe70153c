import { z } from 'zod';
import { GraphJsonSchema } from './graph-json';
import { JsonValueSchema } from './json-value';
import { CollectSchema } from './output-collection';

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
    resume_if_interrupted: z
      .boolean()
      .optional()
      .describe(
        'false: a run interrupted by the end of its process (a crash, a kill) fails instead of resuming, and keeps no firing journal; defaults to the server-wide `resume_interrupted_runs`',
      ),
  })
  .passthrough()
  .describe('Metadata of a start request; other keys are stored with the execution');

/** The metadata of a start request, as parsed. */
export type StartMetadata = z.infer<typeof StartMetadataSchema>;

/** The longest `.fbp` text a request may carry, in characters: its parser runs on the event loop (about 35 ms for this much); larger graphs come as JSON. */
export const MAX_FBP_TEXT_CHARS = 65_536;

/**
 * The fields of `POST /workflows` and of the WebSocket `start_workflow` message's `data`; a request gives
 * exactly one of `graph_json` and `graph_fbp` ({@link requireOneGraph}).
 */
export const StartWorkflowRequestSchema = z
  .object({
    graph_json: GraphJsonSchema.optional(),
    graph_fbp: z.string().min(1).max(MAX_FBP_TEXT_CHARS).optional().describe('The graph as .fbp text (the FBP language NoFlo reads), instead of graph_json'),
    input: z.record(JsonValueSchema).default({}).describe('Each key names an exported inport of the graph'),
    metadata: StartMetadataSchema.default({}),
    collect: CollectSchema.optional(),
  })
  .describe('A request to run a graph: the graph (graph_json or graph_fbp), its input, the metadata and which outputs keep every packet');

/** Refines a request schema: exactly one of `graph_json` and `graph_fbp` is given. */
export function requireOneGraph(request: { graph_json?: unknown; graph_fbp?: unknown }, ctx: z.RefinementCtx): void {
  const given = [request.graph_json, request.graph_fbp].filter((graph) => graph !== undefined).length;
  if (given !== 1) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['graph_json'],
      message: given === 0 ? 'Give the graph as graph_json or as graph_fbp' : 'Give graph_json or graph_fbp, not both',
    });
  }
}

/** A start request as parsed: what the execution service runs. */
export type StartRequest = z.output<typeof StartWorkflowRequestSchema>;
