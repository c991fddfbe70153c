import { type TerminalEvent } from '../model';
import { CliError } from './cli-error';
import { followEvents } from './follow-events';
import { type ServerConnection, asGraphBody, request } from './server-connection';
import { type Graph } from '../server/engine';
import { readGraph, workflowGraph } from './workflow-graph';
import { CLI_SOURCE, type WorkflowRun, type WorkflowRunner } from './workflow-run';

/** Starts the run on the service: a graph through `POST /workflows`, an IDE workflow through `POST /ide/workflows`. */
async function start(connection: ServerConnection, { file, input, collect }: WorkflowRun): Promise<string> {
  const metadata = { source: CLI_SOURCE };
  const started =
    file.kind === 'ide'
      ? await request(connection, (client) => client.executeIdeWorkflow({ workflow: file.workflow, input, collect }))
      : await request(connection, (client) =>
          client.startWorkflow(
            file.kind === 'fbp' ? { graph_fbp: file.text, input, metadata, collect } : { graph_json: asGraphBody(file.graph), input, metadata, collect },
          ),
        );
  return started.execution_id;
}

/**
 * The graph a run runs: the file's own, or for an IDE workflow the engine graph the service converted it into
 * (its stored request); undefined when the service cannot say, which only costs the progress its titles.
 */
async function runGraph(connection: ServerConnection, executionId: string, file: WorkflowRun['file']): Promise<Graph | undefined> {
  if (file.kind !== 'ide') return workflowGraph(file);
  const stored = await request(connection, (client) => client.getWorkflowRequest(executionId)).catch(() => undefined);
  return stored === undefined ? undefined : readGraph(stored.graph_json);
}

/**
 * Asks the service to cancel a run. The typed client is not used here: only the calls it is known to keep are.
 * A run that has already ended answers 409, and its terminal event tells how it ended.
 */
async function cancel(connection: ServerConnection, executionId: string): Promise<void> {
  await fetch(`${connection.url}/workflows/${encodeURIComponent(executionId)}/cancel`, { method: 'POST', headers: connection.headers }).catch(() => undefined);
}

/** Runs a workflow on a service and follows its event stream to the end; Ctrl-C cancels it there. */
export function remoteRunner(connection: ServerConnection): WorkflowRunner {
  return async (run) => {
    const executionId = await start(connection, run);
    run.onStarted(executionId, await runGraph(connection, executionId, run.file));
    const stop = () => void cancel(connection, executionId);
    if (run.signal.aborted) stop();
    else run.signal.addEventListener('abort', stop, { once: true });
    const terminal: TerminalEvent | undefined = await followEvents(connection, executionId, { onEvent: run.onEvent });
    if (terminal === undefined) throw new CliError(`The event stream of execution '${executionId}' ended without its terminal event`);
    return terminal;
  };
}
