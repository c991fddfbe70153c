import { type RunStatus, type TerminalEvent } from '../model';

/**
 * The exit codes of the command line: how a run ended (130 for cancelled, as a shell reports Ctrl-C), and
 * `error` for anything that kept the command from doing its work (bad arguments, an unreadable file, a graph
 * the engine refuses, a server that cannot be reached or answers with an error).
 */
export const EXIT_CODES = { completed: 0, failed: 1, error: 2, cancelled: 130 } as const satisfies Record<RunStatus | 'error', number>;

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

const STATUS_OF_EVENT = { Completed: 'completed', Failed: 'failed', Cancelled: 'cancelled' } as const satisfies Record<TerminalEvent['_type'], RunStatus>;

/** The status a terminal event ends its run with. */
export function statusOfTerminal(event: TerminalEvent): RunStatus {
  return STATUS_OF_EVENT[event._type];
}

/** The exit code of a run that ended with this terminal event. */
export function exitCodeOfTerminal(event: TerminalEvent): ExitCode {
  return EXIT_CODES[statusOfTerminal(event)];
}
