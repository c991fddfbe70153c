// The wire types the engine speaks are the shared model's; they are re-exported for the engine's users.
export {
  type JsonValue,
  type JsonObject,
  type EngineEvent,
  type EngineEventType,
  type TerminalEvent,
  type RunResult,
  type RunError,
  type RunStatus,
  isJsonObject,
  isTerminalEvent,
  TERMINAL_EVENT_TYPES,
} from '../../model';
export {
  type InPortSpec,
  type OutPortSpec,
  type GraphInputValue,
  type ActorContext,
  type ActorDefinition,
  type AnyActorDefinition,
  defineActor,
} from './actor-definition';
export { type Catalogue, createCatalogue } from './catalogue';
export { type NetworkOptions, type NetworkState, type ConfigUpdateOutcome, type ActorLogEntry } from './network-options';
export {
  type GraphIssue,
  type GraphIssueCode,
  GraphIssueSchema,
  GraphIssueCodeSchema,
  GraphIssueCodes,
} from './graph-issue';
export {
  type Graph,
  type GraphNode,
  type GraphEndpoint,
  type GraphConnection,
  type GraphInitialPacket,
  type GraphExportedPort,
  SUBGRAPH_COMPONENT,
} from './graph';
export { type ValidGraph, type ValidNode, type GraphBoundary } from './valid-graph';
export { type ParseGraphOutcome, parseGraph, readGraph, MAX_SUBGRAPH_DEPTH } from './parse-graph';
export { type ValidateGraphOptions, type ValidateGraphOutcome, validateGraph } from './validate-graph';
export { foldPortId } from './port-matcher';
export { mergeConfig } from './config-merge';
export { type Network, createNetwork } from './network';
export { type RunGraphOptions, runGraph } from './run-graph';
export { SubgraphFailure } from './composite-actor';
export { DEFAULT_QUEUE_CAPACITY, DEFAULT_MAX_EVENT_PAYLOAD_BYTES, DEFAULT_STOP_GRACE_MS } from './run-environment';
export { jsonProblem } from './json-problem';
export { errorMessage } from './error-message';
export { ActorError } from './actor-error';
