import { type Command } from 'commander';
import { CliError } from '../cli-error';
import { type CommandOutcome, commandAction, printJson } from '../command-action';
import { EXIT_CODES, type ExitCode } from '../exit-code';
import { connectToServer, request, type ServerOptions } from '../server-connection';
import { withServerOptions } from '../command-options';
import { WORKFLOW_KINDS, readWorkflowFile } from '../workflow-file';
import { terminalText } from '../terminal-text';

async function convert(path: string, options: ServerOptions): Promise<ExitCode> {
  const file = await readWorkflowFile(path);
  if (file.kind !== 'ide') throw new CliError(`${path} is ${WORKFLOW_KINDS[file.kind]}, which runs as it is: convert takes an IDE workflow (JSON with "graphs")`);
  const connection = connectToServer(options);
  const conversion = await request(connection, (client) => client.convertIdeWorkflow(file.workflow));
  printJson(conversion);
  if (conversion.unsupported_actors.length > 0) {
    process.stderr.write(`No actor for: ${terminalText(conversion.unsupported_actors.join(', '))} (running this workflow is refused until there is one)\n`);
  }
  return EXIT_CODES.completed;
}

/** Adds `convert FILE`: the engine graph of an IDE workflow, converted by the service. */
export function registerConvertCommand(program: Command, outcome: CommandOutcome): void {
  withServerOptions(
    program
      .command('convert')
      .summary('convert an IDE workflow into an engine graph')
      .description('Convert an IDE workflow into the engine graph format on the service, and print the conversion as JSON')
      .argument('<file>', 'the IDE workflow (.json with "graphs")'),
  ).action(commandAction(outcome, convert));
}
