import { type ErrorEnvelope } from './envelope';

/** An example of a failed answer: a title, and the envelope's code, message and (for validation failures) details. */
export type ErrorExample = Pick<ErrorEnvelope, 'code' | 'error' | 'details'> & { summary: string };

/** The statuses whose examples are the same on every route that has them. */
export type SharedErrorStatus = 401 | 403 | 413 | 429 | 500 | 503;

/** The examples of the statuses any route may answer, with the messages the service really gives. */
export const SHARED_ERROR_EXAMPLES: Record<SharedErrorStatus, readonly ErrorExample[]> = {
  401: [
    {
      summary: 'No valid bearer token (only when the server has auth_tokens)',
      code: 'UNAUTHORIZED',
      error: 'A valid bearer token is required (Authorization: Bearer <token>)',
    },
  ],
  403: [
    {
      summary: "The token lacks the route's scope (only when the server has auth_tokens with scopes)",
      code: 'FORBIDDEN',
      error: "POST /workflows needs the 'run' scope; the token of 'dashboard' has 'read'",
      details: [{ path: 'scope', message: 'run' }],
    },
  ],
  413: [{ summary: 'Body over max_body_bytes', code: 'PAYLOAD_TOO_LARGE', error: 'Request body is larger than the limit of 10485760 bytes' }],
  429: [
    { summary: 'Over the rate limit', code: 'RATE_LIMITED', error: 'Rate limit of 100 requests per minute exceeded; retry after the time in Retry-After' },
    { summary: 'Too many wrong tokens from this client', code: 'RATE_LIMITED', error: 'Too many wrong tokens from this client; retry after 42 s' },
  ],
  500: [{ summary: 'An unexpected failure (logged by the server)', code: 'INTERNAL', error: 'Internal server error' }],
  503: [{ summary: 'Over max_connections', code: 'UNAVAILABLE', error: 'Too many connections: the server accepts at most 1000 at once' }],
};

/** A path parameter that is not an execution id: the 400 of every route under `/workflows/{execution_id}`. */
export const BAD_EXECUTION_ID: ErrorExample = {
  summary: 'Not an execution id',
  code: 'VALIDATION_FAILED',
  error: 'Invalid request: execution_id: must start with a letter or digit and hold only letters, digits and . _ : -',
  details: [{ path: 'execution_id', message: 'must start with a letter or digit and hold only letters, digits and . _ : -' }],
};

/** The 404 of a route that names an execution. */
export function executionNotFound(id: string): ErrorExample {
  return { summary: 'No such execution', code: 'NOT_FOUND', error: `Execution '${id}' not found` };
}

/** The 507 of a start while the data directory is over `max_data_dir_mb`. */
export const STORAGE_FULL: ErrorExample = {
  summary: 'The data directory is over max_data_dir_mb',
  code: 'STORAGE_FULL',
  error: 'The data directory holds 10241.3 MB, over its budget of 10240.0 MB (max_data_dir_mb): no new executions until finished ones are deleted',
};

/** The 400 of a start request that gives no graph. */
export const NO_GRAPH: ErrorExample = {
  summary: 'Neither graph_json nor graph_fbp',
  code: 'VALIDATION_FAILED',
  error: 'Invalid request: graph_json: Give the graph as graph_json or as graph_fbp',
  details: [{ path: 'graph_json', message: 'Give the graph as graph_json or as graph_fbp' }],
};

/** The 409 of a start request that reuses an execution id for another request. */
export function executionIdTaken(id: string): ErrorExample {
  return { summary: 'Execution id taken by another request', code: 'CONFLICT', error: `Execution '${id}' already exists with a different request` };
}
