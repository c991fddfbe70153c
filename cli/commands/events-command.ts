import { type Command, InvalidArgumentError } from 'commander';
import { type CommandOutcome, commandAction } from '../command-action';
import { withServerOptions } from '../command-options';
import { EXIT_CODES, type ExitCode, exitCodeOfTerminal } from '../exit-code';
import { followEvents } from '../follow-events';
import { connectToServer, request, type ServerConnection, type ServerOptions } from '../server-connection';

interface EventsOptions extends ServerOptions {
  follow?: boolean;
  fromSeq: number;
}

/** Events per request when reading a log page by page. */
const PAGE_SIZE = 1000;

/** One event per line (JSON Lines), for `jq` and the like. */
const printEvent = (event: object): void => void process.stdout.write(`${JSON.stringify(event)}\n`);

function seqNumber(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError('expected a seq of 1 or more');
  return value;
}

/** Prints the events logged so far, page by page. */
async function printLog(connection: ServerConnection, executionId: string, fromSeq: number): Promise<void> {
  let next: number | null = fromSeq;
  while (next !== null) {
    const seq: number = next;
    const page = await request(connection, (client) => client.getWorkflowEvents(executionId, { from_seq: seq, limit: PAGE_SIZE }));
    for (const event of page.events) printEvent(event);
    // A running execution's page ends at the last event logged so far: stop there rather than poll.
    next = page.events.length === 0 ? null : page.next_seq;
  }
}

/** With `--follow`: prints events live until the terminal one and exits as the run ended (0, 1 or 130). */
async function followLog(connection: ServerConnection, executionId: string, fromSeq: number): Promise<ExitCode> {
  const terminal = await followEvents(connection, executionId, { fromSeq, onEvent: printEvent });
  if (terminal !== undefined) return exitCodeOfTerminal(terminal);
  // The log had ended before fromSeq: the execution's state says how.
  const execution = await request(connection, (client) => client.getWorkflow(executionId));
  return execution.status === 'completed' || execution.status === 'failed' || execution.status === 'cancelled'
    ? EXIT_CODES[execution.status]
    : EXIT_CODES.completed;
}

async function events(executionId: string, options: EventsOptions): Promise<ExitCode> {
  const connection = connectToServer(options);
  if (options.follow) return followLog(connection, executionId, options.fromSeq);
  await printLog(connection, executionId, options.fromSeq);
  return EXIT_CODES.completed;
}

/** Adds `events ID`: an execution's event log as JSON lines, and with `--follow` live until the run ends. */
export function registerEventsCommand(program: Command, outcome: CommandOutcome): void {
  const command = program
    .command('events')
    .summary("print or follow an execution's events")
    .description("Print an execution's events as JSON lines; with --follow, stream them until the run ends and exit 0, 1 or 130 as it ended")
    .argument('<execution-id>', 'the execution')
    .option('-f, --follow', 'stream the events live until the terminal one')
    .option('--from-seq <seq>', 'the first seq to print', seqNumber, 1);
  withServerOptions(command).action(commandAction(outcome, events));
}
