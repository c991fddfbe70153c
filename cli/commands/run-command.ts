import { type Command } from 'commander';
import { type TerminalEvent } from '../../model';
import { CliError } from '../cli-error';
import { type CommandOutcome, commandAction, printJson } from '../command-action';
import { type ExitCode, EXIT_CODES, exitCodeOfRefusedRun, exitCodeOfTerminal } from '../exit-code';
import type * as LocalRun from '../local-run';
import { type ProgressMode, createProgressDisplay } from '../progress-display';
import { remoteRunner } from '../remote-run';
import { runCollect } from '../run-collect';
import { readRunInput } from '../run-input';
import { runLabels } from '../run-labels';
import { RunProgress } from '../run-progress';
import { connectToServer } from '../server-connection';
import { type InputOptions, tokenOption, urlOption, withInputOptions } from '../command-options';
import { readWorkflowFile } from '../workflow-file';
import { warnUnfedInports } from '../unfed-inports';
import { type WorkflowRunner } from '../workflow-run';

/** The options of `run`, as commander parses them. */
interface RunOptions extends InputOptions {
  url?: string;
  token?: string;
  config?: string;
  quiet?: boolean;
  result?: boolean;
  collect?: string[];
}

/** Where the run happens: on the service at `--url`, else in this process. */
function runnerOf(options: RunOptions): WorkflowRunner {
  if (options.url === undefined) {
    // Loaded only for a run in this process: the service's modules take most of a second to load.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { localRunner } = require('../local-run') as typeof LocalRun;
    return localRunner({ env: process.env, configFile: options.config });
  }
  if (options.config !== undefined) throw new CliError('--config configures a run in this process; with --url the service runs it with its own configuration');
  return remoteRunner(connectToServer({ url: options.url, token: options.token }));
}

function progressMode(options: RunOptions): ProgressMode {
  if (options.quiet) return 'none';
  return process.stderr.isTTY ? 'bar' : 'lines';
}

/**
 * Ctrl-C cancels the run (it is then followed to its end, and the command exits 130); a second Ctrl-C quits at
 * once. Returns the function that stops listening.
 */
function cancelOnInterrupt(controller: AbortController, note: (text: string) => void): () => void {
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(EXIT_CODES.cancelled);
    note('Cancelling the run (Ctrl-C again to quit at once)');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  return () => process.off('SIGINT', onInterrupt);
}

/** A run's error, with the exit code {@link exitCodeOfRefusedRun} gives when the service or the engine refused the run. */
function runError(error: unknown): unknown {
  return error instanceof CliError && error.code !== undefined ? error.withExitCode(exitCodeOfRefusedRun(error.code)) : error;
}

async function run(path: string, options: RunOptions): Promise<ExitCode> {
  const file = await readWorkflowFile(path);
  const input = await readRunInput(options.input ?? [], options.inputFile);
  if (!options.quiet) warnUnfedInports(file, input, process.stderr);
  const runner = runnerOf(options);
  const progress = new RunProgress();
  const mode = progressMode(options);
  const display = createProgressDisplay(mode, process.stderr, progress);
  const controller = new AbortController();
  const stopListening = cancelOnInterrupt(controller, (text) => display.note(text));
  let terminal: TerminalEvent;
  try {
    terminal = await runner({
      file,
      input,
      collect: runCollect(options.collect),
      signal: controller.signal,
      onStarted: (executionId, graph) => {
        progress.begin(graph?.nodes.length);
        display.started(executionId, runLabels(graph));
      },
      onEvent: (event) => display.event(event),
    });
  } catch (error) {
    display.stop();
    throw runError(error);
  } finally {
    stopListening();
  }
  display.finish(terminal);
  printJson(options.result ? terminal.result : terminal.result.outputs);
  return exitCodeOfTerminal(terminal);
}

/** Adds `run FILE`: runs a workflow in this process or on a service, shows its progress and prints its outputs. */
export function registerRunCommand(program: Command, outcome: CommandOutcome): void {
  const command = program
    .command('run')
    .summary('run a workflow here (or on a service with --url) and print its outputs')
    .description(
      'Run a workflow (an engine graph .json, .fbp text, or an IDE workflow .json) and print its outputs as JSON; exits 0 completed, 1 failed or refused as invalid, 130 cancelled (Ctrl-C), 2 when it cannot start otherwise',
    )
    .argument('<file>', 'the workflow file');
  withInputOptions(command)
    .addOption(urlOption('run it on the service at this address instead of in this process'))
    .addOption(tokenOption())
    .option('--config <file>', 'in this process: the service configuration file (YAML, TOML or JSON) to run with')
    .option('-q, --quiet', 'no progress on stderr, only the outputs on stdout')
    .option('--result', 'print the whole result (status, outputs, errors, timings) instead of the outputs')
    .option(
      '--collect <output>',
      'report every packet of this output, as an array in order, instead of its last (repeatable); `all` does so for every output',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .action(commandAction(outcome, run));
}
