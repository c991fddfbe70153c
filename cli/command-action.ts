import { CliError } from './cli-error';
import { type ExitCode } from './exit-code';

/** Where the command line keeps the exit code of the command that ran; none for `serve`, which keeps running. */
export interface CommandOutcome {
  code?: ExitCode;
}

/** The name the command line goes by, in its messages. */
export const PROGRAM_NAME = 'wes';

/**
 * Wraps a command's work as a commander action: its exit code goes to `outcome`, and a {@link CliError} is
 * printed to stderr (`wes: ...`) with its own exit code. Anything else is a bug and propagates.
 */
export function commandAction<A extends unknown[]>(
  outcome: CommandOutcome,
  work: (...args: A) => Promise<ExitCode | undefined>,
): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      outcome.code = await work(...args);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      process.stderr.write(`${PROGRAM_NAME}: ${error.describe()}\n`);
      outcome.code = error.exitCode;
    }
  };
}

/** Writes a JSON document to stdout, pretty-printed, with a final newline. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
