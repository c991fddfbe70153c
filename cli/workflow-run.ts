import { type Collect, type EngineEvent, type JsonObject, type TerminalEvent } from '../model';
import { type Graph } from '../server/engine';
import { type WorkflowFile } from './workflow-file';

/** The source a run started from the command line records (`GET /workflows` lists it). */
export const CLI_SOURCE = 'cli';

/** What a runner is told to run, and whom it tells as the run goes. */
export interface WorkflowRun {
  file: WorkflowFile;
  input: JsonObject;
  /** Which outputs report every packet (`--collect`); each reports its last when absent. */
  collect?: Collect;
  /** Aborted when the person at the terminal presses Ctrl-C: the runner cancels the execution and goes on following it. */
  signal: AbortSignal;
  /** The run has been accepted; `graph` is the graph it runs, read as the engine reads it, when known (for its node count and titles). */
  onStarted(executionId: string, graph: Graph | undefined): void;
  /** Each event of the run's log, in order, each once. */
  onEvent(event: EngineEvent): void;
}

/** Runs a workflow to its end and resolves with its terminal event. @throws CliError when it cannot start */
export type WorkflowRunner = (run: WorkflowRun) => Promise<TerminalEvent>;
