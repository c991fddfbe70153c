import { type Caller } from '../guards';

/**
 * The tenant a request's caller is limited to (undefined: a caller who sees every tenant's records), as the
 * token check left it in `res.locals.caller`. The reads answered before Express pass no `res`: they are taken
 * only by callers of no tenant.
 */
export function tenantOfCaller(res: { locals: Record<string, unknown> } | undefined): string | undefined {
  return (res?.locals.caller as Caller | undefined)?.tenant;
}
