export { type JsonValue, type JsonObject, isJsonObject } from './json-value';
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
export * from './events';
export { type RunResult, type RunError, type RunStatus } from './run-result';
export { type NetworkOptions, type NetworkState, type ConfigUpdateOutcome } from './network-options';
