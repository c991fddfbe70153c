// What actors are written with beyond the engine's definition: the configuration fields every actor uses, and
// for actor packages their defineActor (whose firings also get the service's HTTP client) and runNode, which
// runs one node the way the service does. The published SDK (sdk/) is this and the engine's actor types.
export { numberSetting, textSetting, optionalText, requiredText, booleanSetting, choiceSetting, listSetting, jsonObjectSetting } from './config-fields';
export { parseNumeric } from './parse-numeric';
export { type ActorHttp, type ActorHttpRequest, type ActorHttpResponse } from './actor-http';
export { ACTOR_HTTP_TIMEOUT_MS, actorHttpCall, actorHttpResponse } from './actor-http-call';
export { type AnyPackageActorDefinition, type PackageActorContext, type PackageActorDefinition, type PackageActorInput, defineActor } from './define-actor';
export { type ActorHttpFactory, withActorHttp } from './with-actor-http';
export { type NodeRun, type RunNodeOptions, runNode } from './run-node';
export { type PortPacket, NODE_ID, singleNodeGraph } from './single-node-graph';
