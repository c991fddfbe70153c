import { AppError, type ErrorDetail } from './app-error';

/** How {@link validationFailure} words its message. */
export interface ValidationFailureOptions {
  /** Put the first detail's path before its message. @default true */
  withPath?: boolean;
  /** The message when there is no detail. @default 'unknown problem' */
  fallback?: string;
}

/** The most details an error answer carries; its message counts them all. */
export const MAX_ERROR_DETAILS = 100;

/**
 * A VALIDATION_FAILED error whose message names the first offending place and how many more there are,
 * carrying the first {@link MAX_ERROR_DETAILS} details, so that an answer stays small whatever the input.
 * @example validationFailure('request', details) // "Invalid request: limit: Number must be ... (and 1 more)"
 */
export function validationFailure(
  subject: string,
  details: ErrorDetail[],
  { withPath = true, fallback = 'unknown problem' }: ValidationFailureOptions = {},
): AppError {
  const first = details[0];
  const summary = first ? `${withPath ? `${first.path}: ` : ''}${first.message}` : fallback;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new AppError('VALIDATION_FAILED', `Invalid ${subject}: ${summary}${more}`, { details: details.slice(0, MAX_ERROR_DETAILS) });
}
