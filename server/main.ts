import { join } from 'node:path';
import pino from 'pino';
import { createActorCatalogue } from './actors';
import { createApp } from './app';
import { loadServerConfig, usage, wantsHelp } from './config';
import { ExecutionService, SqliteExecutionStore, WebhookNotifier } from './executions';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(usage());
    return;
  }
  const loaded = await loadServerConfig({ argv, env: process.env });
  if (!loaded.ok) {
    console.error(loaded.message);
    process.exitCode = 2;
    return;
  }
  const { config } = loaded;
  const logger = pino({ level: config.log_level, base: { node_id: config.node_id, namespace: config.namespace } });
  const catalogue = createActorCatalogue();
  const store = new SqliteExecutionStore(join(config.data_dir, 'executions.db'));
  const executions = new ExecutionService({
    catalogue,
    store,
    maxConcurrentExecutions: config.max_concurrent_executions,
    defaultTimeoutMs: config.execution_timeout_ms,
    maxEventPayloadBytes: config.max_event_payload_bytes,
    webhooks: new WebhookNotifier({ logger }),
    logger,
  });
  const interrupted = executions.recoverInterrupted();
  if (interrupted > 0) logger.warn({ interrupted }, 'Marked executions interrupted by the previous shutdown as failed');

  const app = createApp({ config, services: { executions, catalogue }, logger });
  const url = await app.listen();
  if (config.auth_tokens.length === 0 && !LOOPBACK.has(config.bind_address)) {
    logger.warn({ bind_address: config.bind_address }, 'No auth_tokens configured while listening on a non-loopback address: anyone who can reach it can run workflows');
  }
  console.log(`Workflow execution service listening on ${url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    await executions.shutdown();
    await app.close();
    store.close();
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
