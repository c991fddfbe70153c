import { Command } from 'commander';
import { type CommandOutcome, PROGRAM_NAME } from './command-action';
import { registerConvertCommand } from './commands/convert-command';
import { registerEventsCommand } from './commands/events-command';
import { registerListCommand } from './commands/list-command';
import { registerRunCommand } from './commands/run-command';
import { registerServeCommand } from './commands/serve-command';
import { registerValidateCommand } from './commands/validate-command';
import { packageVersion } from './package-version';

/**
 * The command line: `serve`, `run`, `convert`, `validate`, `list` and `events`. Each command puts its exit
 * code in `outcome`; commander's own errors (an unknown option, a missing argument), help and `--version` are thrown as
 * `CommanderError`, not exits, so that the caller decides how the process ends.
 */
export function createProgram(outcome: CommandOutcome): Command {
  const program = new Command(PROGRAM_NAME)
    .description('Run workflows of the workflow execution service, on its engine in this process or on a running service')
    .version(packageVersion(), '-V, --version', "print the package's version")
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  registerServeCommand(program, outcome);
  registerRunCommand(program, outcome);
  registerConvertCommand(program, outcome);
  registerValidateCommand(program, outcome);
  registerListCommand(program, outcome);
  registerEventsCommand(program, outcome);
  return program;
}
