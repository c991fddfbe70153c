import { ErrorCodeSchema, IssueSchema } from './envelope';
import { ExecutionEventSchema } from './events';
import { z } from './openapi-zod';
import { ExecutionIdSchema, StartWorkflowRequestSchema } from './workflows';

const requestId = z.string().max(128).optional().openapi({ description: 'Echoed in the reply, to pair replies with requests' });

/** Start an execution; answered by `workflow_started`. */
const StartWorkflowMessageSchema = z
  .object({
    type: z.literal('start_workflow'),
    data: StartWorkflowRequestSchema,
    request_id: requestId,
  })
  .describe('Start an execution; answered by `workflow_started`');
/** Replay an execution's events from `from_seq` (default 1), then stream live ones; answered by `subscription_ack`. */
const SubscribeWorkflowMessageSchema = z
  .object({
    type: z.literal('subscribe_workflow'),
    execution_id: ExecutionIdSchema,
    from_seq: z.number().int().min(1).optional(),
    request_id: requestId,
  })
  .describe(
    "Replay an execution's events from `from_seq` (default 1), then stream live ones; answered by `subscription_ack`, then one `network_event` per event",
  );
/** Stop receiving an execution's events; answered by `unsubscription_ack`. */
const UnsubscribeWorkflowMessageSchema = z
  .object({
    type: z.literal('unsubscribe_workflow'),
    execution_id: ExecutionIdSchema,
    request_id: requestId,
  })
  .describe("Stop receiving an execution's events; answered by `unsubscription_ack`");
/** Cancel an execution; answered by `workflow_cancelled`. */
const CancelWorkflowMessageSchema = z
  .object({
    type: z.literal('cancel_workflow'),
    execution_id: ExecutionIdSchema,
    request_id: requestId,
  })
  .describe('Cancel a queued or running execution; answered by `workflow_cancelled`');

/** Every message a client may send over `/ws`. */
export const ClientMessageSchema = z
  .discriminatedUnion('type', [StartWorkflowMessageSchema, SubscribeWorkflowMessageSchema, UnsubscribeWorkflowMessageSchema, CancelWorkflowMessageSchema])
  .openapi('WsClientMessage');
/** A message from client to server. */
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
/** A message from client to server, before defaults are applied. */
export type ClientMessageInput = z.input<typeof ClientMessageSchema>;

const failure = {
  error: z.string().optional().openapi({ description: 'Present when success is false' }),
  code: ErrorCodeSchema.optional(),
  details: z.array(IssueSchema).optional(),
  request_id: requestId,
};

/** The reply to `start_workflow`. */
const WorkflowStartedMessageSchema = z
  .object({
    type: z.literal('workflow_started'),
    success: z.boolean(),
    execution_id: z.string().optional().openapi({ description: 'Always present on success' }),
    ...failure,
  })
  .describe('The reply to `start_workflow`');
/** The reply to `subscribe_workflow`. */
const SubscriptionAckMessageSchema = z
  .object({
    type: z.literal('subscription_ack'),
    success: z.boolean(),
    execution_id: z.string(),
    ...failure,
  })
  .describe('The reply to `subscribe_workflow`');
/** The reply to `unsubscribe_workflow`. */
const UnsubscriptionAckMessageSchema = z
  .object({
    type: z.literal('unsubscription_ack'),
    success: z.boolean(),
    execution_id: z.string(),
    ...failure,
  })
  .describe('The reply to `unsubscribe_workflow`');
/** One event of a subscribed execution. */
const NetworkEventMessageSchema = z
  .object({
    type: z.literal('network_event'),
    execution_id: z.string(),
    event: ExecutionEventSchema,
    timestamp: z.number().int().openapi({ description: 'Epoch milliseconds of sending' }),
  })
  .describe('One event of a subscribed execution, in seq order without gaps or duplicates');
/** The reply to `cancel_workflow`. */
const WorkflowCancelledMessageSchema = z
  .object({
    type: z.literal('workflow_cancelled'),
    success: z.boolean(),
    execution_id: z.string(),
    ...failure,
  })
  .describe('The reply to `cancel_workflow`');
/** The reply to a frame that is not JSON, has an unknown type or misses its fields, comes over the client's rate limit, or asks for a scope the socket's token lacks. */
const ErrorMessageSchema = z
  .object({
    type: z.literal('error'),
    success: z.literal(false),
    error: z.string(),
    code: ErrorCodeSchema,
    details: z.array(IssueSchema).optional(),
    retry_after: z.number().int().positive().optional().openapi({ description: 'With RATE_LIMITED: seconds until the client may send work again' }),
    request_id: requestId,
  })
  .describe(
    "The reply to a frame that is not JSON, has an unknown type or misses its fields, comes over the client's rate limit (RATE_LIMITED), or starts or cancels from a socket whose token lacks the 'run' scope (FORBIDDEN)",
  );

/** Every message the server sends over `/ws`. */
export const ServerMessageSchema = z
  .discriminatedUnion('type', [
    WorkflowStartedMessageSchema,
    SubscriptionAckMessageSchema,
    UnsubscriptionAckMessageSchema,
    NetworkEventMessageSchema,
    WorkflowCancelledMessageSchema,
    ErrorMessageSchema,
  ])
  .openapi('WsServerMessage');
/** A message from server to client. */
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
