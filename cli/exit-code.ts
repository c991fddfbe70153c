import { type ErrorCode, type RunStatus, type TerminalEvent } from '../model';

/**
 * The exit codes of the command line: how a run ended (130 for cancelled, as a shell reports Ctrl-C), `invalid`
 * for a workflow `validate` finds invalid or the service refuses to run as invalid, and `error` for anything
 * else that kept the command from doing its work (bad arguments, an unreadable file, a server that cannot be
 * reached or answers another error).
 */
export const EXIT_CODES = { completed: 0, failed: 1, invalid: 1, error: 2, cancelled: 130 } as const satisfies Record<RunStatus | 'invalid' | 'error', number>;

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

/**
 * The exit code of a run the service (or the engine in this process) refused to start, by the code of its
 * answer: `invalid` for a workflow it refuses as invalid (a missing required input among them), as `validate`
 * exits for one; `error` for any other refusal.
 */
export function exitCodeOfRefusedRun(code: ErrorCode): ExitCode {
  return code === 'VALIDATION_FAILED' ? EXIT_CODES.invalid : EXIT_CODES.error;
}
