import { ActorError, errorMessage } from '../../engine';

// The refusal of the egress policy behind an error, which fetch wraps in a `fetch failed` TypeError. Read by
// name: fetch may hand the refusal back from another realm.
function egressRefusal(error: unknown): { message: string } | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const { name, message, cause } = current as { name?: unknown; message?: unknown; cause?: unknown };
    if (name === 'EgressDeniedError' && typeof message === 'string') return { message };
    current = cause;
  }
  return undefined;
}

/**
 * The error an S3 node fails with: a timeout, a refusal of the egress policy, S3's own answer (its code and
 * HTTP status in the details) or the connection's failure, each naming the operation and the object.
 * @param what - the object or bucket, such as `s3://bucket/key`
 */
export function s3Failure(error: unknown, operation: string, what: string, timeoutMs: number | undefined): ActorError {
  const prefix = `S3 ${operation} of ${what}`;
  if (timeoutMs !== undefined) return new ActorError(`${prefix} timed out after ${timeoutMs} ms`, { code: 'Timeout' });
  const refusal = egressRefusal(error);
  if (refusal !== undefined) return new ActorError(`${prefix} was not sent: ${refusal.message}`, { code: 'EgressDenied' });
  const status = (error as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  if (error instanceof Error && typeof status === 'number') {
    return new ActorError(`${prefix} failed: ${error.name} (HTTP ${status}): ${error.message}`, { code: error.name, status });
  }
  const cause = error instanceof Error && error.cause !== undefined ? `: ${errorMessage(error.cause)}` : '';
  return new ActorError(`${prefix} failed: ${errorMessage(error)}${cause}`, {});
}
