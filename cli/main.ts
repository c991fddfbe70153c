import { CommanderError } from 'commander';
import { type CommandOutcome } from './command-action';
import { EXIT_CODES } from './exit-code';
import { createProgram } from './program';

/** Waits until everything written to a stream has been handed to the system, so that exiting loses nothing. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

async function main(): Promise<void> {
  const outcome: CommandOutcome = {};
  try {
    await createProgram(outcome).parseAsync(process.argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // Help and --version exit 0; every usage mistake is the command failing to start.
    outcome.code = error.exitCode === 0 ? EXIT_CODES.completed : EXIT_CODES.error;
  }
  // `serve` leaves no code: the service keeps the process alive until it is stopped.
  if (outcome.code === undefined) return;
  // In-process runs may leave sockets of their nodes' clients open (kept-alive connections): exit rather than wait for them.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(outcome.code);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(EXIT_CODES.error);
});
