export { createEventBridge, type EventBridge } from './event-bridge';
export { type BridgeSocket, type BridgeSocketEvents } from './bridge-socket';
export { TraceEventSchema, TraceSessionRequestSchema, TraceCompletionSchema } from './trace-event';
export { LiveMessageSchema } from './live-message';
export { CANCELLED_ERROR_CODE } from './live-mapping';
