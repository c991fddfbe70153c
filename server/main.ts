import pino from 'pino';
import { createApp } from './app';
import { loadServerConfig, usage, wantsHelp } from './config';
import { createServices } from './services';

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
  const services = createServices(config, logger);
  const { executions } = services;
  const interrupted = executions.recoverInterrupted();
  if (config.python_sandbox === 'none') {
    logger.warn({ python_sandbox: 'none' }, 'Python scripts run WITHOUT a sandbox: any graph can read and write files, use the network and signal processes as this service\'s user');
  }
  if (interrupted > 0) logger.warn({ interrupted }, 'Marked executions interrupted by the previous shutdown as failed');

  const app = createApp({ config, services, logger });
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
    await app.close();
    await services.shutdown();
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
