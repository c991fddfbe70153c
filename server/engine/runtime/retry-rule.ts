import { type RetryPolicy } from '../../../model';
import { ActorError } from '../sdk/actor-error';

/**
 * How long a node with a retry policy waits before the next attempt of a failed firing, or undefined when the
 * failure is final: its attempts are used up, or its error matches none of the policy's codes. The wait doubles
 * after each attempt, from `backoff_ms` up to `max_backoff_ms`.
 * @param attempt - the attempt that failed, from 1
 */
export function retryDelay(policy: RetryPolicy, attempt: number, error: unknown): number | undefined {
  if (attempt >= policy.max_attempts || !matchesAny(policy.on, error)) return undefined;
  return Math.min(policy.max_backoff_ms, policy.backoff_ms * 2 ** (attempt - 1));
}

// An error's codes are what its details say of it: `code` and `kind` (such as 'Timeout'), and an HTTP `status`.
function matchesAny(codes: readonly string[], error: unknown): boolean {
  if (codes.includes('any')) return true;
  if (!(error instanceof ActorError)) return false;
  const { code, kind, status } = error.details;
  return codes.some((wanted) => wanted === code || wanted === kind || (typeof status === 'number' && wanted === String(status)));
}
