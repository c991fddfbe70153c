import { join } from 'node:path';
import { type AnyActorDefinition, type Catalogue, type FiringScope, GraphComponents } from './engine';
import { serviceActorHttp } from './actor-packages';
import { withActorHttp } from './actor-sdk';
import { DirectorySecretStore, SecretResolver } from './actor-config';
import { createActorCatalogue, createPythonInterpreterPool } from './actors';
import { type ServerConfig } from './config';
import {
  DataDirBudget,
  ExecutionService,
  type ExecutionObserver,
  LifecycleLog,
  type PeerNodes,
  type RunDispatcher,
  WebhookNotifier,
  WebhookSigner,
} from './executions';
import { type AppServices } from './transport';
import { type EventBridge, createEventBridge } from './ide';
import { type Logger } from './logger';
import { stableRuntimeId } from './fbp-runtime';
import { MetricsObserver, ServiceMetrics } from './metrics';
import { EgressPolicy, type ReservedEndpoint } from './outbound-http';
import { connectWsBridgeSocket } from './outbound-ws';
import { DeploymentService, HookAnswers } from './deployments';
import {
  type DeploymentStore,
  type ExecutionStore,
  type ProtocolGraphStore,
  SqliteDeploymentStore,
  SqliteExecutionStore,
  SqliteProtocolGraphStore,
  type AuditStore,
  MemoryAuditStore,
  SqliteAuditStore,
} from './storage';
import { AuditTrail } from './audit';
import { TenantSecrets } from './tenants';

/** How often finished executions past the retention limits are deleted. */
const RETENTION_INTERVAL_MS = 10 * 60_000;

/** Parts of the services a caller (a test) may supply instead of the defaults. */
export interface ServiceOverrides {
  catalogue?: Catalogue;
  /** The actors of the operator's packages (`actor_packages`), as `loadActorPackages` answered them; none when unset. */
  packageActors?: readonly AnyActorDefinition[];
  store?: ExecutionStore;
  deploymentStore?: DeploymentStore;
  /** Where the FBP protocol runtime keeps its graphs. */
  protocolGraphStore?: ProtocolGraphStore;
  /** Where the audit trail is kept. @default a SqliteAuditStore in `data_dir` beside a SQLite execution store, a MemoryAuditStore otherwise */
  auditStore?: AuditStore;
  /** The FBP protocol runtime's id, instead of the one kept in `data_dir`. */
  fbpRuntimeId?: string;
  observers?: ExecutionObserver[];
  /** Runs each firing of the executions this node runs: tracing's spans. */
  firingScope?: FiringScope;
  /** Where executions run: a cluster's queue instead of this process's. */
  dispatcher?: RunDispatcher;
  /** How to reach the other nodes of a cluster. */
  peers?: PeerNodes;
  /** Claims a deployment trigger's tick in a cluster, where every node arms every trigger. */
  claimTick?: (deploymentId: string, triggerNodeId: string, tickKey: string) => Promise<boolean>;
}

/** The services of a running server and how to stop them. */
export interface Services extends AppServices {
  store: ExecutionStore;
  /** The disk budget of `data_dir`, unless `max_data_dir_mb` is 0. */
  dataDirBudget?: DataDirBudget;
  /** The IDE event bridge, when `ide_url` is set. */
  ideBridge?: EventBridge;
  /** Stops the triggers and accepting executions, and lets running ones end (or cancels them after `graceMs`). */
  shutdown(graceMs?: number): Promise<void>;
  /** Kills the warm Python interpreters and closes the IDE bridge and the stores; after {@link shutdown} and after the event streams have drained. */
  close(): Promise<void>;
}

/** The servers of a cluster's own (its PostgreSQL and Redis) by config key, at the host and port of their URLs. */
function clusterEndpoints(config: ServerConfig): ReservedEndpoint[] {
  if (config.redis_url === undefined || config.database_url === undefined) return [];
  const endpoint = (name: string, url: string, defaultPort: number): ReservedEndpoint => {
    const { hostname, port } = new URL(url);
    return { name, host: hostname.replace(/^\[|\]$/g, ''), port: port === '' ? defaultPort : Number(port) };
  };
  return [endpoint('database_url', config.database_url, 5432), endpoint('redis_url', config.redis_url, 6379)];
}

/**
 * The egress policy of the service's outbound requests and connections: `egress_deny` and `egress_allow`, the
 * service's own port, and in a cluster its PostgreSQL and Redis, which no graph reaches unless `egress_allow`
 * names their host.
 */
export function egressPolicyOf(config: ServerConfig): EgressPolicy {
  return new EgressPolicy({
    deny: config.egress_deny,
    allow: config.egress_allow,
    ownPort: () => (config.port === 0 ? undefined : config.port),
    reserved: clusterEndpoints(config),
  });
}

/** Builds the services from the configuration: catalogue, stores (SQLite in `data_dir`), secret resolution, execution service, webhooks, metrics, lifecycle logs, and the IDE event bridge when `ide_url` is set. */
export function createServices(config: ServerConfig, logger: Logger, overrides: ServiceOverrides = {}): Services {
  const egress = egressPolicyOf(config);
  const hookAnswers = new HookAnswers();
  const secrets = new SecretResolver({ envPrefix: config.secret_env_prefix, stores: config.secrets_dir ? [new DirectorySecretStore(config.secrets_dir)] : [] });
  const tenantSecrets = new TenantSecrets(config.tenants);
  // The warm Python interpreters are the catalogue's: a catalogue given by the caller starts none.
  const pythonPool =
    overrides.catalogue === undefined && config.python_pool_size > 0
      ? createPythonInterpreterPool({ size: config.python_pool_size, sandbox: config.python_sandbox, maxMemoryMb: config.max_script_memory_mb })
      : undefined;
  const packageHttp = serviceActorHttp({ egress, maxTimeoutMs: config.max_http_timeout_ms });
  const catalogue =
    overrides.catalogue ??
    createActorCatalogue({
      python: { sandbox: config.python_sandbox, allowNetwork: config.python_allow_network, pool: pythonPool },
      nushell: { nuBinary: config.nushell_binary, sandbox: config.python_sandbox },
      maxScriptMemoryMb: config.max_script_memory_mb,
      maxHttpTimeoutMs: config.max_http_timeout_ms,
      egress,
      dataDir: config.data_dir,
      filesDir: config.files_dir,
      s3Endpoint: config.s3_endpoint,
      maxMediaBytes: config.max_media_bytes,
      maxStateStoreBytes: config.max_state_store_mb * 1024 * 1024,
      redisPrefix: `${config.namespace}:`,
      globalVariables: config.global_variables,
      variableEnvAllow: config.variable_env_allow,
      secret: (name) => secrets.lookup(name),
      aiEndpoints: config.ai_endpoints,
      saasEndpoints: config.saas_endpoints,
      hookAnswers,
      extraActors: (overrides.packageActors ?? []).map((definition) => withActorHttp(definition, packageHttp)),
    });
  const store = overrides.store ?? new SqliteExecutionStore(join(config.data_dir, 'executions.db'));
  // Only the SQLite store lives in data_dir: deleting runs from a cluster's PostgreSQL frees nothing there.
  const localStore = store instanceof SqliteExecutionStore ? store : undefined;
  const budget =
    config.max_data_dir_mb > 0
      ? new DataDirBudget({
          dir: config.data_dir,
          maxBytes: config.max_data_dir_mb * 1024 * 1024,
          reusableBytes: localStore && (() => localStore.freeBytes()),
          countedBytes: localStore && (() => localStore.resultFileBytes()),
        })
      : undefined;
  const ideBridge = config.ide_url
    ? createEventBridge({
        ideUrl: config.ide_url,
        namespace: config.namespace,
        nodeId: config.node_id,
        logger,
        connectSocket: (url) => connectWsBridgeSocket(url),
      })
    : undefined;
  const metrics = new ServiceMetrics();
  const observers = [...(overrides.observers ?? []), ...(ideBridge ? [ideBridge] : []), new MetricsObserver(metrics), new LifecycleLog(logger)];
  const graphComponents = new GraphComponents();
  const executions = new ExecutionService({
    catalogue,
    graphComponents,
    store,
    resolveConfig: (values, _nodeId, onSecret, tenant) => secrets.resolveValues(values, onSecret, (name) => tenantSecrets.allows(name, tenant)),
    lookupSecret: (name, tenant) => secrets.lookup(name, (secret) => tenantSecrets.allows(secret, tenant)),
    tenants: config.tenants,
    maxConcurrentExecutions: config.max_concurrent_executions,
    dispatcher: overrides.dispatcher,
    nodeId: config.node_id,
    peers: overrides.peers,
    defaultTimeoutMs: config.execution_timeout_ms,
    resumeInterruptedRuns: config.resume_interrupted_runs,
    maxEventPayloadBytes: config.max_event_payload_bytes,
    maxResultBytes: config.max_result_bytes,
    maxEventsPerExecution: config.max_events_per_execution,
    maxEventLogBytes: config.max_event_log_mb * 1024 * 1024,
    storageFull: budget && (() => budget.fullMessage()),
    webhooks: new WebhookNotifier({
      logger,
      egress,
      signer: config.webhook_signing_secret === undefined ? undefined : new WebhookSigner(config.webhook_signing_secret),
    }),
    observers,
    firingScope: overrides.firingScope,
    logger,
  });
  metrics.observeLoad(() => executions.load());
  const deploymentStore = overrides.deploymentStore ?? new SqliteDeploymentStore(join(config.data_dir, 'deployments.db'));
  const deployments = new DeploymentService({
    store: deploymentStore,
    executions,
    catalogue,
    secret: (name, tenant) => secrets.lookup(name, (secret) => tenantSecrets.allows(secret, tenant)),
    answers: hookAnswers,
    catchUpMissedTicks: config.deployment_catch_up,
    hookTimeoutMs: config.hook_timeout_ms,
    maxConcurrentHookRuns: config.max_concurrent_hook_runs,
    claimTick: overrides.claimTick,
    limits: {
      maxDeployments: config.max_deployments,
      maxTriggersPerDeployment: config.max_triggers_per_deployment,
      maxTriggerStartsPerSecond: config.max_trigger_starts_per_second,
    },
    tenants: config.tenants,
    onTickSkipped: (reason) => metrics.tickSkipped(reason),
    logger,
  });
  // The trail is kept where executions are: beside a SQLite store in data_dir, or in a bounded ring beside a memory one.
  const auditStore = overrides.auditStore ?? (localStore ? new SqliteAuditStore(join(config.data_dir, 'audit.db')) : new MemoryAuditStore());
  const audit = new AuditTrail({ store: auditStore, logger });
  const protocolGraphs = overrides.protocolGraphStore ?? new SqliteProtocolGraphStore(join(config.data_dir, 'protocol-graphs.db'), logger);
  // Retention runs at start and then every ten minutes, in the background.
  const policy = { maxAgeMs: config.retention_max_age_hours * 3_600_000, maxCount: config.retention_max_executions };
  const prune = (): void => {
    executions.prune(policy).then(
      (deleted) => {
        if (deleted > 0) logger.info({ deleted }, 'Deleted finished executions past the retention limits');
      },
      (error: unknown) => logger.error({ err: error }, 'Could not apply the retention limits'),
    );
    audit.prune(policy).catch((error: unknown) => logger.error({ err: error }, 'Could not apply the retention limits to the audit trail'));
  };
  prune();
  const retention = setInterval(prune, RETENTION_INTERVAL_MS).unref();
  const stopBudget = budget?.keepWithin({ pruneOldest: localStore && ((count) => executions.pruneOldest(count)), logger });
  return {
    catalogue,
    executions,
    deployments,
    metrics,
    protocolGraphs,
    graphComponents,
    fbpRuntimeId: overrides.fbpRuntimeId ?? stableRuntimeId(config.data_dir),
    audit,
    store,
    dataDirBudget: budget,
    ideBridge,
    shutdown: async (graceMs = 5000) => {
      clearInterval(retention);
      stopBudget?.();
      deployments.stop();
      await executions.shutdown(graceMs);
    },
    close: async () => {
      await pythonPool?.close();
      await ideBridge?.close();
      await store.close();
      await deploymentStore.close();
      await protocolGraphs.close();
      await auditStore.close();
    },
  };
}
