import { type RequestHandler, type Response } from 'express';
import { type AuditTrail, UNAUTHENTICATED } from '../audit';
import { type Caller, type ClientAddressOf } from '../guards';
import { pathOf } from './request-log';
import { RouteAccessRules } from './route-access';

// The id an answer names: a started execution's, a created deployment's.
function targetOfBody(body: unknown): string | undefined {
  const data = (body as { data?: { execution_id?: unknown; id?: unknown } } | undefined)?.data;
  const id = data?.execution_id ?? data?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Records in the audit trail, once each is answered, every request to a route that changes state (with the
 * status it got, refusals included) and every request refused with 401; the target is the execution or
 * deployment its path names, or the one its answer made.
 */
export function auditRequests(trail: AuditTrail, clientAddress: ClientAddressOf, rules = new RouteAccessRules()): RequestHandler {
  return function auditRequest(req, res, next) {
    const path = pathOf(req);
    const access = rules.of(req.method, path);
    // Kept for the token check further down the pipeline, which needs the same rule.
    res.locals.access = access;
    const action = access.audit;
    let answered: string | undefined;
    if (action !== undefined) {
      const json = res.json.bind(res);
      res.json = (body: unknown): Response => {
        answered = targetOfBody(body);
        return json(body);
      };
    }
    res.on('finish', () => {
      const failedAuth = res.statusCode === 401;
      if (action === undefined && !failedAuth) return;
      const caller = failedAuth ? undefined : (res.locals.caller as Caller | undefined);
      trail.record({
        actor: caller?.actor ?? UNAUTHENTICATED,
        action: failedAuth ? 'auth.failed' : (action ?? 'auth.failed'),
        target: answered ?? targetOfPath(path) ?? null,
        address: clientAddress(req),
        outcome: res.statusCode,
        channel: 'http',
        tenant: caller?.tenant ?? null,
      });
    });
    next();
  };
}

// The execution or deployment a path names (`/workflows/{id}/cancel`), read from the path since a refused request never reaches the router that parses it.
function targetOfPath(path: string): string | undefined {
  const [resource, id] = path.split('/').filter(Boolean);
  if ((resource !== 'workflows' && resource !== 'deployments') || id === undefined) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
