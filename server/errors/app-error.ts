import { ERROR_TABLE, type ErrorCode } from './error-code';

/** One offending place of a request: a dotted path into it and what is wrong there. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** Options of an {@link AppError}. */
export interface AppErrorOptions {
  /** Each offending path, for validation failures. */
  details?: ErrorDetail[];
  /** The underlying error, kept for logs and never shown to clients. */
  cause?: unknown;
}

/**
 * The one error type of the service: a code from a closed set and a message naming the culprit (the code's
 * default message from the error table when none is given).
 *
 * @example throw new AppError('NOT_FOUND', "Execution 'abc' not found");
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message: string = ERROR_TABLE[code].message, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    if (options.details) this.details = options.details;
  }
}

/** Tells whether a value is an {@link AppError}. */
export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
