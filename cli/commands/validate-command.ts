import { type Command } from 'commander';
import { type CommandOutcome, commandAction, printJson } from '../command-action';
import { EXIT_CODES, type ExitCode } from '../exit-code';
import { readRunInput } from '../run-input';
import { asGraphBody, connectToServer, request, type ServerConnection, type ServerOptions } from '../server-connection';
import { type InputOptions, withInputOptions, withServerOptions } from '../command-options';
import { type JsonObject } from '../../model';
import { type WorkflowFile, readWorkflowFile } from '../workflow-file';
import { terminalText } from '../terminal-text';
import { warnUnfedInports } from '../unfed-inports';

type ValidateOptions = ServerOptions & InputOptions;

/** Checks a workflow on the service as a start would: an IDE workflow is converted there first, then its engine graph is checked. */
async function check(connection: ServerConnection, file: WorkflowFile, input: JsonObject) {
  if (file.kind === 'fbp') return request(connection, (client) => client.validateGraph({ graph_fbp: file.text, input }));
  if (file.kind === 'graph') return request(connection, (client) => client.validateGraph({ graph_json: asGraphBody(file.graph), input }));
  const conversion = await request(connection, (client) => client.convertIdeWorkflow(file.workflow));
  return request(connection, (client) => client.validateGraph({ graph_json: conversion.engine_graph, input }));
}

async function validate(path: string, options: ValidateOptions): Promise<ExitCode> {
  const file = await readWorkflowFile(path);
  const input = await readRunInput(options.input ?? [], options.inputFile);
  warnUnfedInports(file, input, process.stderr);
  const validation = await check(connectToServer(options), file, input);
  printJson(validation);
  if (validation.valid) {
    process.stderr.write(`${terminalText(path)} is valid\n`);
    return EXIT_CODES.completed;
  }
  const lines = validation.issues.map((issue) => `  ${issue.path ? `${terminalText(issue.path)}: ` : ''}${terminalText(issue.message)}`);
  const more = validation.issue_count > validation.issues.length ? [`  ... and ${validation.issue_count - validation.issues.length} more`] : [];
  process.stderr.write(
    [`${terminalText(path)} has ${validation.issue_count} ${validation.issue_count === 1 ? 'issue' : 'issues'}:`, ...lines, ...more].join('\n') + '\n',
  );
  return EXIT_CODES.invalid;
}

/** Adds `validate FILE`: checks a workflow on the service without running it; exits 0 when valid, 1 when not. */
export function registerValidateCommand(program: Command, outcome: CommandOutcome): void {
  const command = program
    .command('validate')
    .summary('check a workflow without running it')
    .description('Check a workflow on the service without running it, and print the normalised graph and its issues as JSON; exits 0 when valid, 1 when not')
    .argument('<file>', 'the workflow file (an engine graph .json, .fbp text, or an IDE workflow .json)');
  withServerOptions(withInputOptions(command)).action(commandAction(outcome, validate));
}
