import { type Command } from 'commander';
import type * as ServerMain from '../../server/main';
import { type CommandOutcome, commandAction } from '../command-action';

/**
 * Adds `serve`: the service itself, started and stopped exactly as `npm start` does it. Every option goes to
 * the service's own configuration (`wes serve --help` lists them), so commander parses none of them.
 */
export function registerServeCommand(program: Command, outcome: CommandOutcome): void {
  program
    .command('serve')
    .summary('run the service, as npm start does')
    .description('Run the service (as npm start does); `serve --help` lists its options, e.g. --port, --config, --data-dir')
    .argument('[options...]', 'the service options')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(
      commandAction(outcome, async (args: string[]) => {
        // Loaded here, not at start-up: the other commands do not need the HTTP application.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { runServer } = require('../../server/main') as typeof ServerMain;
        await runServer(args);
        // The service keeps running until SIGINT or SIGTERM, or has set process.exitCode when it could not start.
        return undefined;
      }),
    );
}
