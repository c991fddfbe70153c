import { type AccessScope, grantsScope } from '../../model';
import { AppError } from '../errors';
import { type Caller } from './access-token';

/**
 * Why `caller` may not do `what`, which needs `needed`: a FORBIDDEN error naming the scope; undefined when it may.
 * @example scopeRefusal(caller, 'run', 'POST /workflows')
 */
export function scopeRefusal(caller: Caller, needed: AccessScope, what: string): AppError | undefined {
  if (grantsScope(caller.scopes, needed)) return undefined;
  const held = caller.scopes.map((scope) => `'${scope}'`).join(', ');
  // The detail names the scope for programs, as validation failures name their field.
  return new AppError('FORBIDDEN', `${what} needs the '${needed}' scope; the token of '${caller.actor}' has ${held}`, {
    details: [{ path: 'scope', message: needed }],
  });
}
