import { createApp } from '../../server/app';
import { type ServerConfigInput, ServerConfigSchema } from '../../server/config';
import { silentLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import { MemoryDeploymentStore, MemoryExecutionStore } from '../../server/storage';

/** A service on 127.0.0.1 that keeps its FBP protocol graphs in `data_dir`, and how to stop it. */
export interface DataDirService {
  url: string;
  stop(): Promise<void>;
}

/**
 * The service as main.ts builds it on `dataDir`, executions and deployments aside (kept in memory): the protocol
 * graphs get its default store, so that a second service on the same directory reads them back.
 */
export async function startDataDirService(dataDir: string, config: ServerConfigInput = {}): Promise<DataDirService> {
  const parsed = ServerConfigSchema.parse({
    port: 0,
    bind_address: '127.0.0.1',
    data_dir: dataDir,
    rate_limit_requests_per_minute: 0,
    log_level: 'silent',
    ...config,
  });
  const services = createServices(parsed, silentLogger, { store: new MemoryExecutionStore(), deploymentStore: new MemoryDeploymentStore() });
  const app = createApp({ config: parsed, services, logger: silentLogger });
  const url = await app.listen();
  return {
    url,
    stop: async () => {
      await services.shutdown(0);
      await app.close();
      await services.close();
    },
  };
}
