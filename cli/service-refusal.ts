import { isAppError } from '../server/errors';
import { CliError } from './cli-error';

/**
 * Rewords a refusal of the service's modules run in this process (an AppError) for the terminal, as the
 * service's error envelope would read, keeping its code; anything else is a bug and passes through.
 */
export function serviceRefusal(error: unknown): unknown {
  if (!isAppError(error)) return error;
  return new CliError(error.message, { details: error.details, code: error.code });
}
