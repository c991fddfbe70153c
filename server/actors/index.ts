import { type AnyActorDefinition, type Catalogue, createCatalogue } from '../engine';
import {
  type NushellScriptActorOptions,
  type PythonScriptActorOptions,
  createJavascriptScriptActor,
  createNushellScriptActor,
  createPythonScriptActor,
  scriptingActors,
} from './scripting';
import { createGraphqlQueryActor, createHttpRequestActor, createRpcCallActor, networkActors } from './network';
import { type EgressPolicy } from '../outbound-http';
import { mathActors } from './math';
import { inputActors } from './inputs';
import { graphIoActors } from './graph-io';
import { logicActors } from './logic';
import { createCsvReader, createExcelReader, dataActors } from './data';
import { coreActors } from './core';
import { triggerActors } from './triggers';
import { aiActors, createAiActors } from './ai';
import { createS3StorageActor, fileActors } from './files';
import { createMediaActors, mediaActors } from './media';
import { type HookAnswerSink, createServerRequestActor, createServerResponseActor, serverNodeActors } from './server-nodes';
import { createMongoPoolActor, createSqlPoolActor, databaseActors } from './databases';
import { type SaasEndpoints, createSaasActors, saasActors } from './saas';
import { createMessagingActors, messagingActors } from './messaging';
import { createEventEmitterActor, createQueueActor, createRedisActor, createStateStoreActor, createVariableLookupActor, storageActors } from './storage';
import { type EventEmitter } from 'node:events';
import { type JsonObject } from '../engine';
import { type NamedSecretLookup } from './shared';

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
  aiActors,
  fileActors,
  mediaActors,
  serverNodeActors,
  saasActors,
  messagingActors,
];

/** Every actor definition the service ships, in catalogue order. */
export const actorDefinitions: readonly AnyActorDefinition[] = families.flat();

/** How the server configures the actors that depend on it. */
export interface ActorCatalogueOptions {
  python?: Omit<PythonScriptActorOptions, 'maxMemoryMb'>;
  /** The Nushell binary and sandbox of NuShell Script nodes (their working directories are under `filesDir`). */
  nushell?: Pick<NushellScriptActorOptions, 'nuBinary' | 'searchPath' | 'sandbox'>;
  /** The most memory a script node may ask for, in MB. */
  maxScriptMemoryMb?: number;
  /** The longest an HTTP request node's attempt may last, in ms. */
  maxHttpTimeoutMs?: number;
  /** What the HTTP, GraphQL and RPC nodes, the database pools, Redis and the brokers may reach. */
  egress?: EgressPolicy;
  /** The S3-compatible server of S3 nodes that name none (`s3_endpoint`); unset is AWS. */
  s3Endpoint?: string;
  /** The one directory graphs may read files from by path (CSV and Excel readers, media inputs); unset turns path reading off. */
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
  /** The operator's named secrets, for nodes that check at validation that their vendor key is configured. */
  secret?: NamedSecretLookup;
  /** Base URLs of the AI vendors by name (`ai_endpoints`), replacing their public addresses. */
  aiEndpoints?: Readonly<Record<string, string>>;
  /** The largest image, audio or video a media node reads, whatever its maxFileSize asks, in bytes. */
  maxMediaBytes?: number;
  /** Bytes of values the State Store keeps in memory (`max_state_store_mb`). */
  maxStateStoreBytes?: number;
  /** Takes the answers of Server Response nodes for the HTTP requests that started their runs. */
  hookAnswers?: HookAnswerSink;
  /** Server-wide addresses of the SaaS vendors (`saas_endpoints`), replacing their public APIs where a node names none. */
  saasEndpoints?: SaasEndpoints;
  /** Actors from outside the service (`actor_packages`), checked against the built-in ones, listed after them. */
  extraActors?: readonly AnyActorDefinition[];
}

/** Builds the catalogue of every actor the service ships, keyed by IDE template id, with the server's limits. */
export function createActorCatalogue(options: ActorCatalogueOptions = {}): Catalogue {
  const configured = [
    createPythonScriptActor({ ...options.python, maxMemoryMb: options.maxScriptMemoryMb }),
    createNushellScriptActor({ ...options.nushell, maxMemoryMb: options.maxScriptMemoryMb, filesDir: options.filesDir }),
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
    createStateStoreActor({ dataDir: options.dataDir, redisPrefix: options.redisPrefix, egress: options.egress, maxMemoryBytes: options.maxStateStoreBytes }),
    createVariableLookupActor({ globals: options.globalVariables, environmentAllowed: options.variableEnvAllow }),
    createEventEmitterActor({ bus: options.eventBus, redisPrefix: options.redisPrefix, egress: options.egress }),
    createQueueActor({ redisPrefix: options.redisPrefix, egress: options.egress }),
    ...createAiActors({ egress: options.egress, secret: options.secret, endpoints: options.aiEndpoints }),
    createS3StorageActor({ egress: options.egress, secret: options.secret, endpoint: options.s3Endpoint }),
    createServerRequestActor(options.hookAnswers),
    createServerResponseActor(options.hookAnswers),
    ...createMediaActors({ egress: options.egress, filesDir: options.filesDir, maxMediaBytes: options.maxMediaBytes }),
    ...createSaasActors({ egress: options.egress, secret: options.secret, maxTimeoutMs: options.maxHttpTimeoutMs, endpoints: options.saasEndpoints }),
    ...createMessagingActors({ egress: options.egress, secret: options.secret, maxTimeoutMs: options.maxHttpTimeoutMs }),
  ];
  const builtIns = actorDefinitions.map((definition) => configured.find((actor) => actor.id === definition.id) ?? definition);
  return createCatalogue([...builtIns, ...(options.extraActors ?? [])]);
}

export { describeActor, describeSubgraph, portTypingOf } from './describe-actor';
export { loadNofloComponentActors } from './noflo-components';
export { packageInFolder } from './package-in-folder';
export {
  createClaudeActor,
  createGeminiActor,
  createHuggingFaceActor,
  createLangchainAgentActor,
  createOpenAiGptActor,
  createOpenRouterActor,
  createReplicateActor,
} from './ai';
export {
  mediaActors,
  createImageInputActor,
  createAudioInputActor,
  createVideoInputActor,
  createImageStreamDisplayActor,
  createAudioStreamDisplayActor,
} from './media';
export { createJavascriptScriptActor, createPythonInterpreterPool, createPythonScriptActor } from './scripting';
export { createHttpRequestActor } from './network';
export { createS3StorageActor } from './files';
export { createMongoPoolActor, createSqlPoolActor, mongoGetCollectionActor, mongoWriteCollectionActor, sqlScriptActor } from './databases';
export { cacheActor, createEventEmitterActor, createQueueActor, createRedisActor, createStateStoreActor, createVariableLookupActor } from './storage';
export {
  type HookAnswer,
  type HookAnswerSink,
  type HookRequest,
  type ServerRequestConfig,
  HTTP_REQUEST_METADATA_KEY,
  ServerRequestConfigSchema,
} from './server-nodes';
export { CronTriggerConfigSchema, IntervalTriggerConfigSchema } from './triggers';
export { type NamedSecretLookup } from './shared';
export { saasActors, createGithubActor, createGoogleSheetsActor, createHubspotActor, createSalesforceActor } from './saas';
export {
  createEmailSenderActor,
  createSlackWebhookActor,
  createDiscordWebhookActor,
  createTwilioSmsActor,
  createTwitterPostActor,
  createLinkedinPostActor,
  createFacebookPostActor,
} from './messaging';
