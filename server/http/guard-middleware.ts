import { type RequestHandler, type Response } from 'express';
import {
  ANONYMOUS_CALLER,
  type BearerAuth,
  type ClientAddressOf,
  type ConnectionLimit,
  type GuardRefusal,
  type RequestBudget,
  credentialsOf,
  isPublicPath,
  scopeRefusal,
} from '../guards';
import { failure } from '../transport';
import { STATUS_OF_ERROR } from './error-status';
import { type MatchedAccess, RouteAccessRules } from './route-access';

/**
 * Rejects requests without a valid token with 401 (`WWW-Authenticate: Bearer`), or 429 while the client is
 * locked out, and requests whose token lacks the scope of their route with 403; public paths pass. The caller
 * is kept in `res.locals.caller` for the audit trail.
 */
export function authGuard(auth: BearerAuth, clientAddress: ClientAddressOf, rules = new RouteAccessRules()): RequestHandler {
  return function checkToken(req, res, next) {
    if (isPublicPath(req.path)) return next();
    if (!auth.enabled) {
      res.locals.caller = ANONYMOUS_CALLER;
      return next();
    }
    auth.check(credentialsOf(req, clientAddress)).then((verdict) => {
      if (verdict.ok) {
        res.locals.caller = verdict.caller;
        // The audit step, first in the pipeline, has already matched the request to its rule.
        const { scope, route } = (res.locals.access as MatchedAccess | undefined) ?? rules.of(req.method, req.path);
        return next(scope === 'public' ? undefined : scopeRefusal(verdict.caller, scope, route));
      }
      if (verdict.retryAfterSeconds === undefined) res.setHeader('WWW-Authenticate', 'Bearer');
      else res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
      next(verdict.error);
    }, next);
  };
}

/**
 * Counts each request against its client's budget and says where it stands in the `RateLimit-*` headers; over
 * the budget, 429 in the envelope with `Retry-After`. Paths outside the budget pass uncounted.
 */
export function budgetGuard(budget: RequestBudget, clientAddress: ClientAddressOf): RequestHandler {
  return function countRequest(req, res, next) {
    if (!budget.counts(req.path)) return next();
    budget.take(clientAddress(req)).then((verdict) => {
      if (verdict.quota !== undefined && !res.headersSent) {
        res.setHeader('RateLimit-Policy', `${verdict.quota.limit};w=${verdict.quota.windowSeconds}`);
        res.setHeader('RateLimit-Limit', String(verdict.quota.limit));
        res.setHeader('RateLimit-Remaining', String(verdict.quota.remaining));
        res.setHeader('RateLimit-Reset', String(verdict.quota.resetSeconds));
      }
      if (verdict.ok) return next();
      refuse(res, verdict);
    }, next);
  };
}

// The refusal is answered here rather than passed on, so that no later handler adds to it.
function refuse(res: Response, { error, retryAfterSeconds }: GuardRefusal): void {
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.status(STATUS_OF_ERROR[error.code]).json(failure(error));
}

/**
 * Turns away requests on a connection beyond the limit (503 in the envelope) and closes it; `/health` still
 * answers, so that an orchestrator never restarts a busy server.
 */
export function connectionGuard(connections: ConnectionLimit): RequestHandler {
  return function admitConnection(req, res, next) {
    const verdict = connections.admit(req.socket);
    if (verdict.ok) return next();
    res.setHeader('Connection', 'close');
    if (req.path === '/health') return next();
    next(verdict.error);
  };
}
