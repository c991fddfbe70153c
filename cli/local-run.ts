import pino from 'pino';
import { StartWorkflowRequestSchema, type TerminalEvent, isTerminalEvent, requireOneGraph } from '../model';
import { EventFollower } from '../server/executions';
import { MemoryDeploymentStore, MemoryExecutionStore, MemoryProtocolGraphStore } from '../server/storage';
import { runnableIdeWorkflow } from '../server/ide';
import { createServices, type Services } from '../server/services';
import { CliError } from './cli-error';
import { type LocalConfigOptions, loadLocalConfig } from './local-config';
import { serviceRefusal } from './service-refusal';
import { readGraph } from './workflow-graph';
import { CLI_SOURCE, type WorkflowRun, type WorkflowRunner } from './workflow-run';

/** Where the in-process service's configuration comes from. */
export type LocalRunOptions = LocalConfigOptions;

const StartRequestSchema = StartWorkflowRequestSchema.superRefine(requireOneGraph);

/** The services the server would run, built in this process from its configuration, with executions, deployments and protocol graphs kept in memory. */
async function startServices(options: LocalRunOptions): Promise<Services> {
  const { config, packageActors } = await loadLocalConfig(options);
  const logger = pino({ level: config.log_level, base: { node_id: config.node_id } }, pino.destination({ dest: 2, sync: true }));
  return createServices(config, logger, {
    packageActors,
    store: new MemoryExecutionStore(),
    deploymentStore: new MemoryDeploymentStore(),
    protocolGraphStore: new MemoryProtocolGraphStore(),
  });
}

/** The start request of a workflow file, before it is parsed; an IDE workflow is converted through the catalogue first. */
function startRequest(run: WorkflowRun, services: Services): Record<string, unknown> {
  const metadata = { source: CLI_SOURCE };
  const { file, input } = run;
  const collect = run.collect === undefined ? {} : { collect: run.collect };
  if (file.kind === 'fbp') return { graph_fbp: file.text, input, metadata, ...collect };
  if (file.kind === 'graph') return { graph_json: file.graph, input, metadata, ...collect };
  const { graph, workflowId } = runnableIdeWorkflow(file.workflow, services.catalogue);
  return { graph_json: graph, input, metadata: { ...metadata, workflow_id: workflowId || undefined }, ...collect };
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
        if (!parsed.success)
          throw new CliError('Invalid workflow', {
            details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
            code: 'VALIDATION_FAILED',
          });
        executionId = (await services.executions.start(parsed.data, { source: CLI_SOURCE })).execution.id;
      } catch (error) {
        throw serviceRefusal(error);
      }
      run.onStarted(executionId, readGraph((await services.executions.get(executionId)).request.graph_json));
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
