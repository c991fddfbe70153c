import pino from 'pino';
import { StartWorkflowRequestSchema, type TerminalEvent, isTerminalEvent, requireOneGraph } from '../model';
import { loadServerConfig } from '../server/config';
import { extraActors } from '../server/actor-packages';
import { actorDefinitions } from '../server/actors';
import { isAppError } from '../server/errors';
import { EventFollower } from '../server/executions';
import { MemoryDeploymentStore, MemoryExecutionStore, MemoryProtocolGraphStore } from '../server/storage';
import { runnableIdeWorkflow } from '../server/ide';
import { createServices, type Services } from '../server/services';
import { CliError } from './cli-error';
import { graphNodeCount } from './graph-node-count';
import { CLI_SOURCE, type WorkflowRun, type WorkflowRunner } from './workflow-run';

/** Where the in-process service's configuration comes from. */
export interface LocalRunOptions {
  /** The environment: `ENGINE_*` variables and `SECRET_*` secrets, as the server reads them. */
  env: Readonly<Record<string, string | undefined>>;
  /** A configuration file, as `serve --config` takes it. */
  configFile?: string;
}

const StartRequestSchema = StartWorkflowRequestSchema.superRefine(requireOneGraph);

/** Rewords the service's refusal (an AppError) for the terminal; anything else is a bug and passes through. */
function refusal(error: unknown): unknown {
  if (!isAppError(error)) return error;
  return new CliError(error.message, { details: error.details });
}

/**
 * The engine the server would run, built in this process from the server's configuration sources (its file
 * and `ENGINE_*` variables) with executions, deployments and protocol graphs kept in memory. Logs go to stderr, errors only
 * unless `ENGINE_LOG_LEVEL` says otherwise, since the command reports the run itself. No port is listened on,
 * so none is denied to the graph as the server's own.
 */
async function startServices(options: LocalRunOptions): Promise<Services> {
  const argv = ['--port', '0', ...(options.configFile === undefined ? [] : ['--config', options.configFile])];
  if (options.env.ENGINE_LOG_LEVEL === undefined) argv.push('--log-level', 'error');
  const loaded = await loadServerConfig({ argv, env: options.env });
  if (!loaded.ok) throw new CliError(loaded.message);
  const { config } = loaded;
  const extra = await extraActors({ actorPackages: config.actor_packages, nofloComponentPackages: config.noflo_component_packages, cwd: process.cwd(), builtIns: actorDefinitions });
  if (!extra.ok) throw new CliError(extra.message);
  const logger = pino({ level: config.log_level, base: { node_id: config.node_id } }, pino.destination({ dest: 2, sync: true }));
  return createServices(config, logger, { packageActors: extra.added, store: new MemoryExecutionStore(), deploymentStore: new MemoryDeploymentStore(), protocolGraphStore: new MemoryProtocolGraphStore() });
}

/** The start request of a workflow file, before it is parsed; an IDE workflow is converted through the catalogue first. */
function startRequest(run: WorkflowRun, services: Services): Record<string, unknown> {
  const metadata = { source: CLI_SOURCE };
  const { file, input } = run;
  if (file.kind === 'fbp') return { graph_fbp: file.text, input, metadata };
  if (file.kind === 'graph') return { graph_json: file.graph, input, metadata };
  const { graph, workflowId } = runnableIdeWorkflow(file.workflow, services.catalogue);
  return { graph_json: graph, input, metadata: { ...metadata, workflow_id: workflowId || undefined } };
}

/** Follows an execution's log from its first event to its terminal one. */
function follow(services: Services, executionId: string, run: WorkflowRun): Promise<TerminalEvent> {
  return new Promise((resolve) => {
    let terminal: TerminalEvent | undefined;
    new EventFollower(services.executions, executionId, {
      deliver: (events) => {
        for (const event of events) {
          run.onEvent(event);
          if (isTerminalEvent(event)) terminal = event;
        }
        return 'continue';
      },
      // The follower completes only after delivering the terminal event.
      onComplete: () => resolve(terminal!),
    });
  });
}

/**
 * Runs a workflow in this process on the server's engine and catalogue, and stops the services afterwards.
 * @throws CliError when the configuration is invalid or the engine refuses the workflow
 */
export function localRunner(options: LocalRunOptions): WorkflowRunner {
  return async (run) => {
    const services = await startServices(options);
    try {
      let executionId: string;
      try {
        const parsed = StartRequestSchema.safeParse(startRequest(run, services));
        if (!parsed.success) throw new CliError('Invalid workflow', { details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
        executionId = (await services.executions.start(parsed.data, { source: CLI_SOURCE })).execution.id;
      } catch (error) {
        throw refusal(error);
      }
      run.onStarted(executionId, graphNodeCount((await services.executions.get(executionId)).request.graph_json));
      const cancel = () => void services.executions.cancel(executionId, 'Cancelled from the command line').catch(() => undefined);
      if (run.signal.aborted) cancel();
      else run.signal.addEventListener('abort', cancel, { once: true });
      return await follow(services, executionId, run);
    } finally {
      await services.shutdown(0);
      await services.close();
    }
  };
}
