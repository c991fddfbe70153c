export {
  createWorkflowClient,
  type WorkflowClient,
  type WorkflowClientOptions,
  type StartWorkflowBody,
  type Execution,
  type ExecutionEvent,
  type IdeWorkflow,
  type Deployment,
  type DeploymentBody,
} from './http-client';
export { WorkflowSocket, SubscriptionClosedError, type WebSocketLike, type WebSocketConstructor, type WorkflowSocketOptions } from './ws-client';
export { type paths, type components } from './generated/openapi';
