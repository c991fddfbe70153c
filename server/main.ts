import { createApp } from './app';
import { loadServerConfig, usage, wantsHelp } from './config';
import { createRootLogger } from './root-logger';
import { createServices } from './services';
import { type Cluster, openCluster } from './cluster';
import { extraActorsOf } from './actor-packages';
import { type Tracing, startTracing } from './tracing';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
/** How long a shutdown waits for event streams to send their last events before closing them. */
const STREAM_DRAIN_MS = 2000;

/** One line saying why the server could not listen, naming the setting to change. */
function listenProblem(error: NodeJS.ErrnoException, address: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `Port ${port} on ${address} is already in use: stop the process that holds it, or choose another --port`;
  if (error.code === 'EACCES') return `Not allowed to listen on ${address}:${port}: choose a port above 1023, or another --bind-address`;
  if (error.code === 'EADDRNOTAVAIL') return `Address ${address} is not an address of this machine: choose another --bind-address`;
  return `Could not listen on ${address}:${port}: ${error.message}`;
}

/**
 * Runs the service as `npm start` does: loads the configuration from `argv` and the environment, listens, and
 * shuts down on SIGINT or SIGTERM (the command line's `serve` runs this too).
 */
export async function runServer(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
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
  // The operator's actors load before anything starts: a package that cannot join the catalogue stops the start.
  const packages = await extraActorsOf(config);
  if (!packages.ok) {
    console.error(packages.message);
    process.exitCode = 2;
    return;
  }
  const logger = createRootLogger({ level: config.log_level, format: config.log_format, base: { service_node: config.node_id, namespace: config.namespace } });
  for (const { name, closest, message } of loaded.warnings) logger.warn({ setting: name, closest }, message);
  for (const message of packages.warnings ?? []) logger.warn({ setting: 'noflo_component_packages' }, message);
  if (packages.added.length > 0) {
    logger.info(
      {
        actor_packages: config.actor_packages,
        noflo_component_packages: config.noflo_component_packages,
        actors: packages.added.map((definition) => definition.id),
      },
      'Added the actors of actor_packages and noflo_component_packages to the catalogue',
    );
  }
  let tracing: Tracing | undefined;
  try {
    tracing = startTracing();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  if (tracing !== undefined) logger.info('Tracing: exporting spans over OTLP as the OTEL_* environment variables say');
  let cluster: Cluster | undefined;
  if (config.redis_url !== undefined && config.database_url !== undefined) {
    try {
      cluster = await openCluster({ ...config, redis_url: config.redis_url, database_url: config.database_url }, logger);
    } catch (error) {
      console.error((error as Error).message);
      await tracing?.shutdown();
      process.exitCode = 2;
      return;
    }
  }
  const services = createServices(config, logger, {
    ...cluster?.parts,
    packageActors: packages.added,
    ...tracing?.services,
  });
  const { executions } = services;
  await cluster?.join(services);
  const interrupted = await executions.recoverInterrupted();
  if (config.python_sandbox === 'none') {
    logger.warn(
      { python_sandbox: 'none' },
      "Python scripts run WITHOUT a sandbox: any graph can read and write files, use the network and signal processes as this service's user",
    );
  }
  if (interrupted.resumed > 0) logger.info({ resumed: interrupted.resumed }, 'Resuming the executions the previous process left unfinished');
  if (interrupted.failed > 0)
    logger.warn({ failed: interrupted.failed }, 'Marked executions interrupted by the previous shutdown as failed (they do not resume)');

  const app = createApp({ config, services, logger, accessLog: logger, sharedCounters: cluster?.sharedCounters, tracing });
  let url: string;
  try {
    url = await app.listen();
  } catch (error) {
    console.error(listenProblem(error as NodeJS.ErrnoException, config.bind_address, config.port));
    await services.shutdown(0);
    await services.close();
    await cluster?.leave();
    await tracing?.shutdown();
    process.exitCode = 2;
    return;
  }
  // Triggers tick only once the service answers, so that a tick's run can be read and followed at once.
  services.deployments.restore();
  if (config.auth_tokens.length === 0 && !LOOPBACK.has(config.bind_address)) {
    logger.warn(
      { bind_address: config.bind_address },
      'No auth_tokens configured while listening on a non-loopback address: anyone who can reach it can run workflows',
    );
  }
  logger.info({ url }, `Workflow execution service listening on ${url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, grace_ms: config.shutdown_grace_ms }, 'Shutting down: no new executions; running ones may finish within the grace time');
    // Runs end first (cancelled after the grace time), then their subscribers get the terminal events, then the sockets close.
    await services.shutdown(config.shutdown_grace_ms);
    await app.drain(STREAM_DRAIN_MS);
    await app.close();
    await services.close();
    await cluster?.leave();
    await tracing?.shutdown();
    logger.info({ signal }, 'Stopped');
    process.exitCode = 0;
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

// Run when started as a program; the command line imports runServer instead.
if (require.main === module) {
  runServer().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
