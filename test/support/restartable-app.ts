import { type App, createApp } from '../../server/app';
import { ServerConfigSchema } from '../../server/config';
import { MemoryDeploymentStore, MemoryExecutionStore, MemoryProtocolGraphStore } from '../../server/storage';
import { silentLogger } from '../../server/logger';
import { type Services, createServices } from '../../server/services';

/** A running service whose connections can be cut while its executions go on. */
export interface RestartableApp {
  url: string;
  wsUrl: string;
  /** Closes the HTTP and WebSocket side (every connection is cut); runs and their logs go on. */
  drop(): Promise<void>;
  /** Listens again on the same port, with the same services. */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The service whose HTTP and WebSocket side can go away and come back on the same port while its executions go
 * on, as behind a restarting proxy: sockets are dropped, runs and their logs are not.
 */
export async function startRestartableApp(): Promise<RestartableApp> {
  const config = ServerConfigSchema.parse({ port: 0, bind_address: '127.0.0.1', rate_limit_requests_per_minute: 0, log_level: 'silent' });
  const services: Services = createServices(config, silentLogger, {
    store: new MemoryExecutionStore(),
    deploymentStore: new MemoryDeploymentStore(),
    protocolGraphStore: new MemoryProtocolGraphStore(),
  });
  let app: App | undefined = createApp({ config, services, logger: silentLogger });
  const port = Number(new URL(await app.listen()).port);
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    drop: async () => {
      await app?.close();
      app = undefined;
    },
    reopen: async () => {
      app = createApp({ config: { ...config, port }, services, logger: silentLogger });
      await app.listen();
    },
    close: async () => {
      await services.shutdown(0);
      await app?.close();
      await services.close();
    },
  };
}
