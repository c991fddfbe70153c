import { type Command, InvalidArgumentError, Option } from 'commander';
import { EXECUTION_STATUSES } from '../../model';
import { type CommandOutcome, commandAction, printJson } from '../command-action';
import { withServerOptions } from '../command-options';
import { EXIT_CODES, type ExitCode } from '../exit-code';
import { connectToServer, request, type ServerOptions } from '../server-connection';
import { executionTable } from '../execution-table';
import { terminalText } from '../terminal-text';

interface ListOptions extends ServerOptions {
  status?: (typeof EXECUTION_STATUSES)[number];
  workflow?: string;
  deployment?: string;
  limit: number;
  cursor?: string;
  json?: boolean;
}

function positiveInteger(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError('expected a whole number above 0');
  return value;
}

async function list(options: ListOptions): Promise<ExitCode> {
  const connection = connectToServer(options);
  const page = await request(connection, (client) =>
    client.listWorkflows({
      status: options.status,
      workflow_id: options.workflow,
      deployment: options.deployment,
      limit: options.limit,
      cursor: options.cursor,
    }),
  );
  if (options.json) {
    printJson(page);
    return EXIT_CODES.completed;
  }
  process.stdout.write(executionTable(page.items));
  if (page.next_cursor !== null) process.stderr.write(`More: add --cursor ${terminalText(page.next_cursor)}\n`);
  return EXIT_CODES.completed;
}

/** Adds `list`: the executions of a service, newest first, as a table or as JSON. */
export function registerListCommand(program: Command, outcome: CommandOutcome): void {
  const command = program
    .command('list')
    .summary("list a service's executions")
    .description("List a service's executions, newest first")
    .addOption(new Option('--status <status>', 'only executions in this state').choices(EXECUTION_STATUSES))
    .option('--workflow <id>', 'only executions of this workflow id')
    .option('--deployment <id>', 'only executions this deployment started')
    .option('--limit <n>', 'executions per page, at most 100', positiveInteger, 20)
    .option('--cursor <cursor>', 'the page after the one that printed this cursor')
    .option('--json', 'print the page as JSON ({items, next_cursor}) instead of a table');
  withServerOptions(command).action(commandAction(outcome, list));
}
