import { z } from 'zod';

/**
 * What a bearer token may do: `read` (status, events, lists, the `/ui` page), `run` (start and cancel runs),
 * `deploy` (create and delete deployments and their hooks), `admin` (everything, `/metrics` and `/audit` too).
 */
const ACCESS_SCOPES = ['read', 'run', 'deploy', 'admin'] as const;

/** One scope of a bearer token. */
export type AccessScope = (typeof ACCESS_SCOPES)[number];

/** The scopes as a schema: what an `auth_tokens` entry lists. */
export const AccessScopeSchema = z.enum(ACCESS_SCOPES);

/**
 * Whether a token holding `held` may do what `needed` allows: `admin` holds every scope, and `run` and
 * `deploy` hold `read` too, since starting work without seeing it would be of no use.
 */
export function grantsScope(held: readonly AccessScope[], needed: AccessScope): boolean {
  if (held.includes('admin') || held.includes(needed)) return true;
  return needed === 'read' && (held.includes('run') || held.includes('deploy'));
}
