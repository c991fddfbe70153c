import { type AnyActorDefinition, type Catalogue, createCatalogue } from '../engine';
import { type PythonScriptActorOptions, createJavascriptScriptActor, createPythonScriptActor, scriptingActors } from './scripting';
import { createGraphqlQueryActor, createHttpRequestActor, createRpcCallActor, networkActors } from './network';
import { type EgressPolicy } from '../outbound-http';
import { mathActors } from './math';
import { inputActors } from './inputs';
import { graphIoActors } from './graph-io';
import { logicActors } from './logic';
import { createCsvReader, createExcelReader, dataActors } from './data';
import { coreActors } from './core';
import { triggerActors } from './triggers';
import { createMongoPoolActor, createSqlPoolActor, databaseActors } from './databases';
import { createEventEmitterActor, createQueueActor, createRedisActor, createStateStoreActor, createVariableLookupActor, storageActors } from './storage';
import { type EventEmitter } from 'node:events';
import { type JsonObject } from '../engine';

/** Every actor family of the catalogue; each family folder exports its definitions as one array. */
const families: readonly (readonly AnyActorDefinition[])[] = [
  mathActors,
  inputActors,
  graphIoActors,
  logicActors,
  scriptingActors,
  networkActors,
  dataActors,
  coreActors,
  databaseActors,
  storageActors,
  triggerActors,
];

/** Every actor definition the service ships, in catalogue order. */
export const actorDefinitions: readonly AnyActorDefinition[] = families.flat();

/** How the server configures the actors that depend on it. */
export interface ActorCatalogueOptions {
  python?: Omit<PythonScriptActorOptions, 'maxMemoryMb'>;
  /** The most memory a script node may ask for, in MB. */
  maxScriptMemoryMb?: number;
  /** The longest an HTTP request node's attempt may last, in ms. */
  maxHttpTimeoutMs?: number;
  /** What the HTTP, GraphQL and RPC nodes, the database pools, Redis and the brokers may reach. */
  egress?: EgressPolicy;
  /** The one directory graphs may read files from by path (CSV and Excel readers); unset turns path reading off. */
  filesDir?: string;
  /** The service's data directory (file state of the State Store). */
  dataDir?: string;
  /** Prefix of the Redis keys the storage nodes write (the service's namespace and a colon). */
  redisPrefix?: string;
  /** The global scope of the Variable Lookup node. */
  globalVariables?: JsonObject;
  /** Environment variables the Variable Lookup node may read. */
  variableEnvAllow?: readonly string[];
  /** The in-process bus the Event Emitter publishes on. */
  eventBus?: EventEmitter;
}

/** Builds the catalogue of every actor the service ships, keyed by IDE template id, with the server's limits. */
export function createActorCatalogue(options: ActorCatalogueOptions = {}): Catalogue {
  const configured = [
    createPythonScriptActor({ ...options.python, maxMemoryMb: options.maxScriptMemoryMb }),
    createJavascriptScriptActor({ maxMemoryMb: options.maxScriptMemoryMb }),
    createHttpRequestActor({ maxTimeoutMs: options.maxHttpTimeoutMs, egress: options.egress }),
    createGraphqlQueryActor({ egress: options.egress }),
    createRpcCallActor({ egress: options.egress }),
    createSqlPoolActor('postgresql', { egress: options.egress }),
    createSqlPoolActor('mysql', { egress: options.egress }),
    createMongoPoolActor('tpl_mongodb_pool_manager', { egress: options.egress }),
    createMongoPoolActor('tpl_mongodb', { egress: options.egress }),
    createRedisActor({ egress: options.egress }),
    createCsvReader({ baseDirectory: options.filesDir }),
    createExcelReader({ baseDirectory: options.filesDir }),
    createStateStoreActor({ dataDir: options.dataDir, redisPrefix: options.redisPrefix, egress: options.egress }),
    createVariableLookupActor({ globals: options.globalVariables, environmentAllowed: options.variableEnvAllow }),
    createEventEmitterActor({ bus: options.eventBus, redisPrefix: options.redisPrefix, egress: options.egress }),
    createQueueActor({ redisPrefix: options.redisPrefix, egress: options.egress }),
  ];
  return createCatalogue(actorDefinitions.map((definition) => configured.find((actor) => actor.id === definition.id) ?? definition));
}

export { describeActor, type ActorDescriptionData } from './describe-actor';
export { createJavascriptScriptActor, createPythonScriptActor } from './scripting';
export { createHttpRequestActor } from './network';
export { createMongoPoolActor, createSqlPoolActor, mongoGetCollectionActor, mongoWriteCollectionActor, sqlScriptActor } from './databases';
export { cacheActor, createEventEmitterActor, createQueueActor, createRedisActor, createStateStoreActor, createVariableLookupActor } from './storage';
