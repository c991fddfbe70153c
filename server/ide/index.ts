export { convertIdeWorkflow, type ConvertIdeWorkflowOutcome } from './convert-ide-workflow';
export { unsupportedActorIssues } from './unsupported-actor-issues';
export { type ConversionIssue, ConversionIssueSchema } from './conversion-issue';
export { type IdeConversion, IdeConversionSchema, ConversionMetadataSchema } from './ide-conversion';
export {
  type ConvertedGraph,
  type ConvertedProcess,
  type ConvertedConnection,
  type ConvertedGroup,
  ConvertedGraphSchema,
  ConvertedProcessSchema,
  ConvertedConnectionSchema,
  ConvertedGroupSchema,
  ConvertedGraphPropertiesSchema,
  ConvertedEndpointSchema,
} from './converted-graph';
export { type EngineGraphNode, engineGraphNodes } from './engine-graph-nodes';
export {
  type IdeTemplate,
  type IdeTemplateProperty,
  type IdePropertyType,
  IdeTemplateSchema,
  IdeTemplatePropertySchema,
  IdePropertyTypeSchema,
  ideTemplates,
  findIdeTemplate,
  SUBGRAPH_TEMPLATE_ID,
} from './templates';
export { CamelGraphSchema, CamelNodeSchema, CamelConnectionSchema, CamelGroupSchema } from './camel-dialect';
export { SnakeGraphSchema, SnakeNodeSchema, SnakeConnectionSchema, SnakeGroupSchema } from './snake-dialect';
export { IdeWorkflowEnvelopeSchema, IdeGraphStateSchema } from './read-workflow';
export { createEventBridge, type EventBridge, type EventBridgeOptions, type BridgeSocket, type BridgeSocketEvents, type ConnectBridgeSocket, SOCKET_STATE, type BridgeStats, type TraceEvent, type TraceCompletion, type TraceSessionRequest, type LiveMessage, TraceEventSchema, TraceCompletionSchema, TraceSessionRequestSchema, TraceBatchRequestSchema, LiveMessageSchema, CANCELLED_ERROR_CODE } from './bridge';
