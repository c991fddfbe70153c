// The engine's public face: what the rest of the service uses. Inside, graph/ reads and checks graphs,
// runtime/ runs them and sdk/ is what actors are written with.
export {
  type JsonValue,
  type JsonObject,
  type EngineEvent,
  type TerminalEvent,
  type RunResult,
  isJsonObject,
  isTerminalEvent,
  type PortDatatype,
} from '../../model';
export {
  type ActorContext,
  type ActorDefinition,
  type ActorPackage,
  type AnyActorDefinition,
  type EffectsOfFiring,
  type FiringEffects,
  type InPortSpec,
  type OutPortSpec,
  defineActor,
  errorOutPort,
} from './sdk/actor-definition';
export { type IdeFacts } from './sdk/ide-facts';
export { type Grouping, groupChange } from './sdk/grouping';
export { type Catalogue, createCatalogue } from './sdk/catalogue';
export { type ResourceKind, type RunResources, resourceKind } from './sdk/run-resources';
export { ActorError, errorMessage } from './sdk/actor-error';
export { JsonText, jsonTextAt, packetValue, withJsonTexts } from './sdk/json-text';
export { type GraphIssue } from './graph/graph-issue';
export { type Graph, SUBGRAPH_COMPONENT } from './graph/graph';
export { nodeLabels } from './graph/node-label';
export { workflowNameOf } from './graph/run-names';
export { parseGraph } from './graph/parse-graph';
export { readFbpText } from './graph/fbp-text';
export { graphJsonOf } from './graph/graph-json-of';
export { validateGraph } from './graph/validate-graph';
export { mergeConfig } from './graph/node-config';
export { GraphCompiler } from './graph/graph-compiler';
export { GraphComponents } from './graph/graph-components';
export { type ValidGraph } from './graph/valid-graph';
export { type NetworkOptions, type ActorLogEntry, type ConfigUpdateOutcome, type FiringIdentity, type FiringScope } from './runtime/network-options';
export { type Network, createNetwork } from './runtime/network';
export { type FiringJournal, type FiringOutcome, type JournalEntry, type JournalLookup } from './runtime/firing-journal';
export { runGraph } from './runtime/run-graph';
export { settleWithin } from './runtime/promises';
export { PacketQueue } from './runtime/packet-queue';
