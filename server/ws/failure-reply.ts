import { type ErrorCode } from '../errors';
import { AppError, isAppError } from '../errors';

/** The failure fields of a WebSocket reply: `success: false`, the message, the code and any details. */
export interface FailureFields {
  success: false;
  error: string;
  code: ErrorCode;
  details?: { path: string; message: string }[];
}

/** Turns what a service call threw into the failure fields of a reply; unexpected errors say nothing of internals. */
export function failureFields(error: unknown): FailureFields {
  const appError = isAppError(error) ? error : new AppError('INTERNAL', 'Internal server error');
  return {
    success: false,
    error: appError.message,
    code: appError.code,
    ...(appError.details ? { details: appError.details } : {}),
  };
}
