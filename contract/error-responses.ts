import { ErrorEnvelopeSchema } from './envelope';

/** The statuses every route can answer with the error envelope: auth, rate limit, crashes, overload. */
const commonStatuses = [401, 429, 500, 503] as const;

type ErrorStatus = 400 | 404 | 409 | 413 | (typeof commonStatuses)[number];

/**
 * The error responses of a route: the given statuses plus the common ones, each with the error envelope.
 * @example responses: { 200: ok, ...errorResponses(400, 404) }
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  const all = [...statuses, ...commonStatuses] as (S | (typeof commonStatuses)[number])[];
  return Object.fromEntries(all.map((status) => [status, ErrorEnvelopeSchema])) as Record<
    S | (typeof commonStatuses)[number],
    typeof ErrorEnvelopeSchema
  >;
}
