import { type Command } from 'commander';
import { CliError } from '../cli-error';
import { type CommandOutcome, commandAction, printJson } from '../command-action';
import { EXIT_CODES, type ExitCode } from '../exit-code';
import type * as LocalConvert from '../local-convert';
import { connectToServer, request, URL_ENV } from '../server-connection';
import { tokenOption, urlOption } from '../command-options';
import { WORKFLOW_KINDS, type WorkflowFile, readWorkflowFile } from '../workflow-file';
import { terminalText } from '../terminal-text';

interface ConvertOptions {
  url?: string;
  token?: string;
  config?: string;
}

/** The conversion as printed: the service's answer and the in-process one are the same JSON, typed apart (the client's from the OpenAPI document). */
type PrintedConversion = { unsupported_actors: readonly string[] };

/** Converts on the service at `--url` when one is named, else in this process. */
async function conversionOf(file: Extract<WorkflowFile, { kind: 'ide' }>, options: ConvertOptions): Promise<PrintedConversion> {
  if (options.url !== undefined) {
    if (options.config !== undefined) throw new CliError('--config configures a conversion in this process; with --url the service converts with its own configuration');
    return request(connectToServer({ url: options.url, token: options.token }), (client) => client.convertIdeWorkflow(file.workflow));
  }
  // Loaded only for a conversion in this process: the catalogue's modules take a while to load.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { convertLocally } = require('../local-convert') as typeof LocalConvert;
  return convertLocally(file.workflow, { env: process.env, configFile: options.config });
}

async function convert(path: string, options: ConvertOptions): Promise<ExitCode> {
  const file = await readWorkflowFile(path);
  if (file.kind !== 'ide') throw new CliError(`${path} is ${WORKFLOW_KINDS[file.kind]}, which runs as it is: convert takes an IDE workflow (JSON with "graphs")`);
  const conversion = await conversionOf(file, options);
  printJson(conversion);
  if (conversion.unsupported_actors.length > 0) {
    process.stderr.write(`No actor for: ${terminalText(conversion.unsupported_actors.join(', '))} (running this workflow is refused until there is one)\n`);
  }
  return EXIT_CODES.completed;
}

/** Adds `convert FILE`: the engine graph of an IDE workflow, converted in this process or by the service at `--url`. */
export function registerConvertCommand(program: Command, outcome: CommandOutcome): void {
  program
    .command('convert')
    .summary('convert an IDE workflow into an engine graph')
    .description(`Convert an IDE workflow into the engine graph format, in this process (or on the service at --url or ${URL_ENV}), and print the conversion as JSON`)
    .argument('<file>', 'the IDE workflow (.json with "graphs")')
    .addOption(urlOption('convert on the service at this address instead of in this process'))
    .addOption(tokenOption())
    .option('--config <file>', "in this process: the service configuration file (YAML, TOML or JSON) whose actor_packages join the catalogue")
    .action(commandAction(outcome, convert));
}
