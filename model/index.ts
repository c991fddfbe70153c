// The service's wire schemas (zod) and the JSON checks shared by the contract, the engine, the execution service and the client.
export { type ErrorCode, ERROR_TABLE, ErrorCodeSchema, STATUS_OF_ERROR } from './error-table';
export { type AccessScope, AccessScopeSchema, grantsScope } from './access-scope';
export {
  type JsonValue,
  type JsonObject,
  JsonObjectSchema,
  PresentJsonValueSchema,
  CheckedJsonValueSchema,
  CheckedJsonObjectSchema,
  isJsonObject,
} from './json-value';
export { MAX_JSON_DEPTH, jsonDepthExceeds } from './json-depth';
export { joinPath } from './join-path';
export {
  BYTES_PER_MIB,
  DEFAULT_MAX_CONCURRENT_EXECUTIONS,
  DEFAULT_MAX_EVENT_LOG_MB,
  DEFAULT_MAX_EVENT_PAYLOAD_BYTES,
  DEFAULT_MAX_EVENTS_PER_EXECUTION,
  DEFAULT_MAX_MEDIA_BYTES,
  DEFAULT_MAX_REQUEST_TIMEOUT_MS,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MAX_SCRIPT_MEMORY_MB,
  DEFAULT_MAX_STATE_STORE_MB,
  DEFAULT_NUSHELL_BINARY,
  DEFAULT_FBP_RUNTIME_TYPE,
} from './default-limits';
export {
  type GraphJson,
  type GraphProcessJson,
  type GraphProcessesJson,
  type GraphConnectionJson,
  type GraphEndpointJson,
  type LegacyExportJson,
  GraphJsonSchema,
  GraphProcessJsonSchema,
} from './graph-json';
export { type RetryPolicy, RetryPolicySchema } from './retry-policy';
export { type RunResult, type RunError, type RunNames, type RunStatus, RunResultSchema } from './run-result';
export { type ExecutionStatus, ExecutionStatusSchema, EXECUTION_STATUSES, TERMINAL_STATUSES, isTerminalStatus } from './execution-status';
export { type EngineEvent, type EngineEventOf, type TerminalEvent, ExecutionEventSchema, TERMINAL_EVENT_TYPES, isTerminalEvent } from './execution-event';
export { type StartMetadata, type StartRequest, ExecutionIdSchema, StartMetadataSchema, StartWorkflowRequestSchema, requireOneGraph } from './start-request';
export { type Collect, CollectSchema, collectsAll } from './output-collection';
export { type GraphIssue, GraphIssueSchema } from './graph-issue';
export { type PortDatatype, PortDatatypeSchema } from './port-datatype';
export {
  type Deployment,
  type DeploymentPatch,
  type DeploymentRequest,
  DeploymentHookSchema,
  DeploymentIdSchema,
  DeploymentPatchSchema,
  DeploymentRequestSchema,
  DeploymentSchema,
  DeploymentTriggerSchema,
  requireOneChange,
  requireOneWorkflow,
} from './deployment';
export { type AuditAction, AuditActionSchema, type AuditEntry, AuditEntrySchema } from './audit-entry';
