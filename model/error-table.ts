import { z } from 'zod';

/** What the service says of a failure code: the HTTP status it answers with, and its message when nothing more precise is known. */
export interface ErrorFacts {
  /** The HTTP status of an answer with this code (the WebSocket failure replies carry the code alone). */
  readonly status: number;
  /** The message of a failure of this code that names no culprit. */
  readonly message: string;
}

/**
 * Every failure code the service reports, with its HTTP status and default message: the one table the error
 * type, the HTTP error middleware, the WebSocket gateway and the published contract read. A code exists only as
 * an entry of it, so that no code can lack a status. The order is the order of the published enum.
 */
export const ERROR_TABLE = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  UNAUTHORIZED: { status: 401, message: 'A valid bearer token is required (Authorization: Bearer <token>)' },
  FORBIDDEN: { status: 403, message: 'The bearer token lacks the scope this needs' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; retry after the time in Retry-After' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNAVAILABLE: { status: 503, message: 'The service is unavailable; try again shortly' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  WORKFLOW_FAILED: { status: 500, message: 'The workflow failed' },
  TIMEOUT: { status: 504, message: 'The execution gave no answer in time' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  LIMIT_REACHED: { status: 409, message: 'A limit of the service is reached' },
  STORAGE_FULL: { status: 507, message: 'The data directory is over its budget' },
} as const satisfies Record<string, ErrorFacts>;

/** A failure code of the service. */
export type ErrorCode = keyof typeof ERROR_TABLE;

/** The failure codes, in the table's order. */
export const ERROR_CODES = Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]];

/** The failure codes as a schema: what the error envelope's `code` holds. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The HTTP status of each failure code. */
export const STATUS_OF_ERROR = Object.fromEntries(ERROR_CODES.map((code) => [code, ERROR_TABLE[code].status])) as Readonly<Record<ErrorCode, number>>;
