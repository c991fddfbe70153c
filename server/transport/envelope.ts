import { type AppError } from '../errors';

/** Wraps a payload in the success envelope. */
export function success<T>(data: T, now: number = Date.now()) {
  return { success: true as const, data, timestamp: now };
}

/** The error envelope of a failure: message, code, details when there are some, timestamp. */
export function failure(error: AppError, now: number = Date.now()) {
  return {
    success: false as const,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
    timestamp: now,
  };
}
