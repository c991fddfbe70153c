import { type ActorHttpFactory, ACTOR_HTTP_TIMEOUT_MS, actorHttpCall, actorHttpResponse } from '../actor-sdk';
import { type EgressPolicy, fetchWithRetry, retryPolicy } from '../outbound-http';

/** What bounds the requests of package actors: the service's policy and limits. */
export interface ServiceActorHttpOptions {
  /** What requests may reach (`egress_deny`, `egress_allow`). */
  egress: EgressPolicy;
  /** The longest one attempt may last, whatever the actor asks (`max_http_timeout_ms`). */
  maxTimeoutMs: number;
  /** @default MAX_RESPONSE_BYTES (10 MiB) */
  maxBodyBytes?: number;
}

/**
 * The HTTP client package actors get as `ctx.http`: the one retry loop of the service's outbound requests, under
 * its egress policy and time limit, aborted with the run.
 */
export function serviceActorHttp(options: ServiceActorHttpOptions): ActorHttpFactory {
  return (signal) => ({
    request: async (request) => {
      const call = actorHttpCall(request);
      const response = await fetchWithRetry(call, {
        timeoutMs: Math.min(request.timeoutMs ?? ACTOR_HTTP_TIMEOUT_MS, options.maxTimeoutMs),
        followRedirects: true,
        signal: signal(),
        policy: retryPolicy({ attempts: (request.retries ?? 0) + 1 }),
        maxBodyBytes: options.maxBodyBytes,
        egress: options.egress,
      });
      return actorHttpResponse(response, response.body);
    },
  });
}
