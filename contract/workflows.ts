import { initContract } from '@ts-rest/core';
import {
  CollectSchema as ModelCollectSchema,
  DeploymentIdSchema,
  ExecutionIdSchema as ModelExecutionIdSchema,
  ExecutionStatusSchema as ModelExecutionStatusSchema,
  StartWorkflowRequestSchema as ModelStartWorkflowRequestSchema,
  requireOneGraph,
} from '../model';
import { successEnvelope } from './envelope';
import { errorResponses } from './error-responses';
import { ExecutionEventSchema } from './events';
import { GraphJsonSchema } from './graph';
import { z } from './openapi-zod';
import { RunResultSchema } from './run-result';

/** The states of an execution; a terminal state never changes again. */
const ExecutionStatusSchema = ModelExecutionStatusSchema.openapi('ExecutionStatus');

/** Execution ids are URL-safe so that they can stand in a path. */
export const ExecutionIdSchema = ModelExecutionIdSchema.openapi({ example: '3f2c6a1e-8b1d-4c55-9a0e-5d7c1b2a9e40' });

/** Which outputs of a run keep every packet rather than the last one. */
export const CollectSchema = ModelCollectSchema.openapi('Collect', { example: 'all' });

/** The body of `POST /workflows` and the `data` of the WebSocket `start_workflow` message: the model's request with the documented graph. */
export const StartWorkflowRequestSchema = ModelStartWorkflowRequestSchema.extend({
  graph_json: GraphJsonSchema.optional(),
  graph_fbp: ModelStartWorkflowRequestSchema.shape.graph_fbp.openapi({
    example: "INPORT=mul.A_IN:X\nOUTPORT=mul.RESULT_OUT:PRODUCT\n'4.5' -> B_IN mul(tpl_math_multiply)",
  }),
  input: ModelStartWorkflowRequestSchema.shape.input.openapi({ example: { x: 3, y: 4.5 } }),
  metadata: ModelStartWorkflowRequestSchema.shape.metadata.openapi('StartMetadata'),
  collect: CollectSchema.optional(),
})
  .superRefine(requireOneGraph)
  .openapi('StartWorkflowRequest');

/** The request an execution was started with, as stored: enough to inspect it or to run it again with `POST /workflows`. */
const ExecutionRequestSchema = ModelStartWorkflowRequestSchema.extend({
  graph_json: GraphJsonSchema.openapi({ description: 'The graph in FBP JSON, also when it was sent as `.fbp` text' }),
  graph_fbp: ModelStartWorkflowRequestSchema.shape.graph_fbp.openapi({
    description: 'The `.fbp` text, when the graph was sent that way (send graph_json or graph_fbp to run it again, not both)',
  }),
  metadata: ModelStartWorkflowRequestSchema.shape.metadata.openapi('StartMetadata'),
  collect: CollectSchema.optional(),
})
  .describe('The request an execution was started with, as stored')
  .openapi('ExecutionRequest');

/** The answer to a start request: the run goes on in the background. */
export const StartedSchema = z
  .object({
    execution_id: z.string(),
    status: z.literal('started'),
    message: z.string().openapi({ example: 'Workflow execution started' }),
  })
  .openapi('Started');

/** An execution as `GET /workflows/{execution_id}` reports it. */
const ExecutionSchema = z
  .object({
    id: z.string(),
    status: ExecutionStatusSchema,
    // Spelled out: the generator repeats `{type: null}` for a union with null, which linters flag as a duplicate.
    result: z
      .union([RunResultSchema, z.null()])
      .openapi({ description: 'null until the run ends', anyOf: [{ $ref: '#/components/schemas/RunResult' }, { type: 'null' }] }),
    workflow_id: z.string(),
    workflow_name: z.string().nullable().openapi({
      description: "The workflow's name for people (an IDE workflow's name, else the graph's `properties.name`); null when it has none",
      example: 'Square root demo',
    }),
    source: z.string(),
    deployment_id: z.string().nullable().openapi({ description: 'The deployment whose trigger or hook started it; null for every other run' }),
    tenant: z.string().nullable().openapi({ description: 'The tenant of the token (or the deployment) that started it; null for a token of no tenant' }),
    node_id: z.string().nullable().openapi({ description: 'The service node that runs or ran the execution (its node_id setting); null while it is queued' }),
    created_at: z.string().openapi({ description: 'ISO 8601' }),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
  })
  .openapi('Execution');
/** An execution's public view. */
export type Execution = z.infer<typeof ExecutionSchema>;

/** One row of the execution list. */
const ExecutionSummarySchema = ExecutionSchema.omit({ result: true }).openapi('ExecutionSummary');

/** The largest page the list endpoint serves. */
const MAX_PAGE_SIZE = 100;

/** Filters and paging of `GET /workflows`. */
const ListExecutionsQuerySchema = z.object({
  status: ExecutionStatusSchema.optional(),
  workflow_id: z.string().min(1).optional(),
  deployment: DeploymentIdSchema.optional().openapi({ description: 'Only the runs this deployment started (by its id), kept after it is deleted' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(20)
    .openapi({ description: `Page size, at most ${MAX_PAGE_SIZE} (a larger value is a 400, never a silent cap)` }),
  cursor: z.string().min(1).optional().openapi({ description: 'The `next_cursor` of the previous page' }),
});

/** A page of executions, newest first. */
const ExecutionPageSchema = z.object({ items: z.array(ExecutionSummarySchema), next_cursor: z.string().nullable() }).openapi('ExecutionPage');

/** Paging of `GET /workflows/{execution_id}/events`. */
const EventsQuerySchema = z.object({
  from_seq: z.coerce.number().int().min(1).default(1).openapi({ description: 'First seq to return' }),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

/** A slice of an execution's event log. */
const EventPageSchema = z
  .object({
    execution_id: z.string(),
    events: z.array(ExecutionEventSchema),
    next_seq: z.number().int().nullable().openapi({ description: 'The seq to ask for next, or null once the log is complete and fully read' }),
  })
  .openapi('EventPage');

/** The answer to a configuration update of a node. */
const NodeConfigUpdatedSchema = z.object({ execution_id: z.string(), node_id: z.string(), status: z.literal('updated') }).openapi('NodeConfigUpdated');

/** The answer to a delete request. */
const DeletedSchema = z.object({ execution_id: z.string(), status: z.literal('deleted') }).openapi('DeleteResult');

/** The answer to a cancel request. */
const CancelledSchema = z.object({ execution_id: z.string(), status: z.literal('cancelled') }).openapi('CancelResult');

const c = initContract();
const idParam = z.object({ execution_id: ExecutionIdSchema });

/** The routes of the workflows resource. */
export const workflowsContract = c.router(
  {
    startWorkflow: {
      method: 'POST',
      path: '/workflows',
      summary: 'Start executing a graph in the background',
      description: 'Validates the graph, records the execution and answers at once; the run goes on in the background.',
      body: StartWorkflowRequestSchema,
      responses: { 200: successEnvelope(StartedSchema), ...errorResponses(400, 409, 413, 507) },
    },
    listWorkflows: {
      method: 'GET',
      path: '/workflows',
      summary: 'List executions, newest first',
      query: ListExecutionsQuerySchema,
      responses: { 200: successEnvelope(ExecutionPageSchema), ...errorResponses(400) },
    },
    getWorkflow: {
      method: 'GET',
      path: '/workflows/:execution_id',
      summary: "Read an execution's status and result",
      pathParams: idParam,
      responses: { 200: successEnvelope(ExecutionSchema), ...errorResponses(400, 404) },
    },
    getWorkflowRequest: {
      method: 'GET',
      path: '/workflows/:execution_id/request',
      summary: 'Read the request an execution was started with',
      description:
        'Its graph (always as FBP JSON), input and metadata as stored. To run it again, post `graph_json`, `input` and the `metadata` ' +
        'without `execution_id` to `POST /workflows`. Secret references stay references: no resolved value is stored.',
      pathParams: idParam,
      responses: { 200: successEnvelope(ExecutionRequestSchema), ...errorResponses(400, 404) },
    },
    cancelWorkflow: {
      method: 'POST',
      path: '/workflows/:execution_id/cancel',
      summary: 'Cancel a queued or running execution',
      description: 'Stops every actor at once. A finished execution is a 409 and keeps its state.',
      pathParams: idParam,
      body: c.noBody(),
      responses: { 200: successEnvelope(CancelledSchema), ...errorResponses(400, 404, 409) },
    },
    deleteWorkflow: {
      method: 'DELETE',
      path: '/workflows/:execution_id',
      summary: 'Delete a finished execution and its event log',
      description: 'Its id answers 404 afterwards. A queued or running execution is a 409: cancel it first.',
      pathParams: idParam,
      body: c.noBody(),
      responses: { 200: successEnvelope(DeletedSchema), ...errorResponses(400, 404, 409) },
    },
    updateNodeConfig: {
      method: 'PATCH',
      path: '/workflows/:execution_id/nodes/:node_id/config',
      summary: 'Send a new configuration to one node of a running execution',
      description:
        "The object replaces the node's own configuration layer (over the graph's defaults and property values), is validated " +
        "against the actor's schema, and is seen by the actor at its next firing, without a restart. 400 when invalid, 404 for an " +
        'unknown execution or node, 409 when the execution is not running.',
      pathParams: z.object({ execution_id: ExecutionIdSchema, node_id: z.string().min(1) }),
      body: z.record(z.unknown()).openapi({ example: { precision: 4 } }),
      responses: { 200: successEnvelope(NodeConfigUpdatedSchema), ...errorResponses(400, 404, 409, 413) },
    },
    getWorkflowEvents: {
      method: 'GET',
      path: '/workflows/:execution_id/events',
      summary: "Replay an execution's event log",
      description:
        'JSON pages by default. With `Accept: text/event-stream` the log is streamed as Server-Sent Events (each `id` is the seq), live until the terminal event; `Last-Event-ID` resumes after that seq.',
      pathParams: idParam,
      query: EventsQuerySchema,
      responses: { 200: successEnvelope(EventPageSchema), ...errorResponses(400, 404) },
    },
  },
  { strictStatusCodes: true },
);
