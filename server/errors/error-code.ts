/** The closed set of failure codes the service reports; each maps to one HTTP status in `server/http`. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'CONFLICT',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNAVAILABLE',
  'INTERNAL',
  'WORKFLOW_FAILED',
  'TIMEOUT',
  'METHOD_NOT_ALLOWED',
  'LIMIT_REACHED',
  'STORAGE_FULL',
] as const;

/** A failure code of the service. */
export type ErrorCode = (typeof ERROR_CODES)[number];
