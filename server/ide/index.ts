// The IDE's side of the service: convert/ reads an IDE workflow into an engine graph, bridge/ streams
// executions back to the IDE.
export { convertOrThrow, runnableIdeWorkflow, startIdeWorkflow } from './ide-workflows';
export { actorTemplate, findIdeTemplate, ideFactsOf, ideFactsProblem, templateTableOf } from './convert/templates';
export {
  type BridgeSocket,
  type BridgeSocketEvents,
  type EventBridge,
  CANCELLED_ERROR_CODE,
  LiveMessageSchema,
  TraceCompletionSchema,
  TraceEventSchema,
  TraceSessionRequestSchema,
  createEventBridge,
} from './bridge';
