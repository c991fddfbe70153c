import { ErrorEnvelopeSchema } from './envelope';

/** The statuses every route can answer with the error envelope: auth, a missing scope, rate limit, crashes, overload. */
const commonStatuses = [401, 403, 429, 500, 503] as const;

type ErrorStatus = 400 | 404 | 409 | 413 | 507 | (typeof commonStatuses)[number];

/**
 * The error responses of a route: the given statuses plus the common ones, each with the error envelope.
 * @example responses: { 200: ok, ...errorResponses(400, 404) }
 */
export function errorResponses<S extends ErrorStatus = never>(...statuses: S[]) {
  const all = [...statuses, ...commonStatuses] as (S | (typeof commonStatuses)[number])[];
  // NoInfer: a call without statuses must not take them from the router it is spread into.
  return Object.fromEntries(all.map((status) => [status, ErrorEnvelopeSchema])) as Record<
    NoInfer<S> | (typeof commonStatuses)[number],
    typeof ErrorEnvelopeSchema
  >;
}

/** The error responses of a route that needs no token (`/health`, `/ready`): the common ones but 401 and 403. */
export function publicErrorResponses() {
  const { 401: _unauthorized, 403: _forbidden, ...others } = errorResponses();
  return others;
}
