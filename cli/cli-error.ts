import { EXIT_CODES, type ExitCode } from './exit-code';
import { terminalText } from './terminal-text';

/** One offending place of an input and what is wrong there, as the service reports it. */
export interface CliErrorDetail {
  path?: string;
  message: string;
}

/**
 * Why a command could not do its work, worded for the person at the terminal; the command line prints the
 * message (and each detail on a line of its own) to stderr and exits with `exitCode`.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly details: readonly CliErrorDetail[];

  constructor(message: string, options: { details?: readonly CliErrorDetail[]; exitCode?: ExitCode } = {}) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? EXIT_CODES.error;
    this.details = options.details ?? [];
  }

  /** The message and its details, one per line, as printed: control characters from the service or an input are shown as escapes. */
  describe(): string {
    return [terminalText(this.message), ...this.details.map((d) => `  ${d.path ? `${terminalText(d.path)}: ` : ''}${terminalText(d.message)}`)].join('\n');
  }
}
