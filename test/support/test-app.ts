import { randomUUID } from 'node:crypto';
import { createApp } from '../../server/app';
import { type ServerConfig, type ServerConfigInput, ServerConfigSchema } from '../../server/config';
import { type AnyActorDefinition, type Catalogue } from '../../server/engine';
import { type EventBridge } from '../../server/ide';
import { type DataDirBudget, type ExecutionService } from '../../server/executions';
import { type DeploymentStore, type ExecutionStore, MemoryDeploymentStore, MemoryExecutionStore, MemoryProtocolGraphStore } from '../../server/storage';
import { type Logger, silentLogger } from '../../server/logger';
import { type DeploymentService } from '../../server/deployments';
import { createServices } from '../../server/services';
import { extraActorsOf } from '../../server/actor-packages';
import { createWorkflowClient, type WorkflowClient } from '../../client';

/** A running instance of the whole service on 127.0.0.1 and a free port, with a client bound to it. */
export interface TestApp {
  url: string;
  wsUrl: string;
  client: WorkflowClient;
  executions: ExecutionService;
  store: ExecutionStore;
  deployments: DeploymentService;
  /** The disk budget of `data_dir`, unless the test set `max_data_dir_mb` to 0. */
  dataDirBudget?: DataDirBudget;
  /** The IDE event bridge, when the test set `ide_url`. */
  ideBridge?: EventBridge;
  close(): Promise<void>;
}

/** Options of {@link startTestApp}. */
export interface TestAppOptions {
  config?: ServerConfigInput;
  catalogue?: Catalogue;
  /** Actors of packages, as `actor_packages` adds them: with the service's HTTP client. */
  packageActors?: readonly AnyActorDefinition[];
  store?: ExecutionStore;
  deploymentStore?: DeploymentStore;
  /** Where the service logs (the audit trail's lines among them). @default silent */
  logger?: Logger;
}

/** The actors the config's `actor_packages` and `noflo_component_packages` add, as the service loads them at start. */
async function configuredExtraActors(config: ServerConfig): Promise<AnyActorDefinition[]> {
  const extra = await extraActorsOf(config);
  if (!extra.ok) throw new Error(extra.message);
  return extra.added;
}

// The first plain token of the configuration, for the client; hashed entries hold none.
function firstToken(config: ServerConfig): string | undefined {
  const entry = config.auth_tokens[0];
  return typeof entry === 'string' ? entry : entry !== undefined && 'token' in entry ? entry.token : undefined;
}

/** Starts the real app on port 0 (rate limit off unless the test sets one); close it in `afterAll`/`afterEach`. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = ServerConfigSchema.parse({ port: 0, bind_address: '127.0.0.1', rate_limit_requests_per_minute: 0, log_level: 'silent', ...options.config });
  const logger = options.logger ?? silentLogger;
  const services = createServices(config, logger, {
    catalogue: options.catalogue,
    packageActors: options.packageActors ?? (await configuredExtraActors(config)),
    store: options.store ?? new MemoryExecutionStore(),
    deploymentStore: options.deploymentStore ?? new MemoryDeploymentStore(),
    protocolGraphStore: new MemoryProtocolGraphStore(),
    // Kept nowhere: a test app writes nothing into the working directory's data_dir.
    fbpRuntimeId: randomUUID(),
  });
  const { executions, store, deployments } = services;
  deployments.restore();
  const app = createApp({ config, services, logger });
  const url = await app.listen();
  return {
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/ws`,
    client: createWorkflowClient({ baseUrl: url, token: firstToken(config) }),
    executions,
    store,
    deployments,
    dataDirBudget: services.dataDirBudget,
    ideBridge: services.ideBridge,
    close: async () => {
      await services.shutdown(0);
      await app.close();
      await services.close();
    },
  };
}
