export { createEventBridge, type EventBridge } from './event-bridge';
export { type EventBridgeOptions, type ResolvedBridgeOptions, resolveBridgeOptions } from './bridge-options';
export { type BridgeSocket, type BridgeSocketEvents, type ConnectBridgeSocket, SOCKET_STATE } from './bridge-socket';
export { type BridgeStats } from './bridge-stats';
export {
  type TraceEvent,
  type TraceSessionRequest,
  type TraceBatchRequest,
  type TraceCompletion,
  TraceEventSchema,
  TraceEventTypeSchema,
  TraceSessionRequestSchema,
  TraceSessionAnswerSchema,
  TraceBatchRequestSchema,
  TraceCompletionSchema,
} from './trace-event';
export { type LiveMessage, type LiveMessageType, LiveMessageSchema } from './live-message';
export { CANCELLED_ERROR_CODE, liveMessageOf } from './live-mapping';
export { traceEventOf, traceCompletionOf, traceSessionRequestOf } from './trace-mapping';
export { ExecutionTally, type EventFacts } from './execution-tally';
export { ideEndpoints, type IdeEndpoints } from './ide-endpoints';
