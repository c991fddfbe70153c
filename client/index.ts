export {
  createWorkflowClient,
  type WorkflowClient,
  type WorkflowClientOptions,
  type StartWorkflowBody,
  type Collect,
  type Execution,
  type ExecutionEvent,
  type IdeWorkflow,
  type Deployment,
  type DeploymentBody,
  type DeploymentPatchBody,
} from './http-client';
export { type WaitOptions } from './execution-waiter';
export { type EventStreamOptions } from './event-stream';
export { type ServerSentEvent, readServerSentEvents } from './sse-reader';
export { WorkflowSocket, type WorkflowSocketOptions } from './ws-client';
export { type ReconnectOptions } from './reconnect-policy';
export { type Reply, type ServerMessage, type ClientMessage } from './ws-messages';
export { type WebSocketLike, type WebSocketConstructor } from './websocket-like';
export {
  type AccessScope,
  ConnectionClosedError,
  SubscriptionClosedError,
  EventStreamUnavailableError,
  ForbiddenError,
  forbiddenErrorOf,
} from './client-errors';
export type { paths, components } from './generated/openapi';
