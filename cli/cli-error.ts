import { type ErrorCode } from '../model';
import { EXIT_CODES, type ExitCode } from './exit-code';
import { terminalText } from './terminal-text';

/** One offending place of an input and what is wrong there, as the service reports it. */
export interface CliErrorDetail {
  path?: string;
  message: string;
}

/** Options of a {@link CliError}. */
export interface CliErrorOptions {
  details?: readonly CliErrorDetail[];
  /** The failure code of the service's answer (or of the engine's refusal in this process), when the error is one. */
  code?: ErrorCode;
  /** @default EXIT_CODES.error */
  exitCode?: ExitCode;
}

/**
 * Why a command could not do its work, worded for the person at the terminal; the command line prints the
 * message (and each detail on a line of its own) to stderr and exits with `exitCode`.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly details: readonly CliErrorDetail[];
  readonly code?: ErrorCode;

  constructor(message: string, options: CliErrorOptions = {}) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? EXIT_CODES.error;
    this.details = options.details ?? [];
    if (options.code !== undefined) this.code = options.code;
  }

  /** The same error, exiting with another code. */
  withExitCode(exitCode: ExitCode): CliError {
    return new CliError(this.message, { details: this.details, code: this.code, exitCode });
  }

  /** The message and its details, one per line, as printed: control characters from the service or an input are shown as escapes. */
  describe(): string {
    return [terminalText(this.message), ...this.details.map((d) => `  ${d.path ? `${terminalText(d.path)}: ` : ''}${terminalText(d.message)}`)].join('\n');
  }
}
