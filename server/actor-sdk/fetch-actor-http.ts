import { type ActorHttp } from './actor-http';
import { ACTOR_HTTP_TIMEOUT_MS, actorHttpCall, actorHttpResponse } from './actor-http-call';

/**
 * An {@link ActorHttp} over the global `fetch`, for tests of an actor outside the service: one attempt, the
 * time limit and the run's signal, but no egress policy and no retries. The service hands actors its own client.
 */
export function fetchActorHttp(signal: () => AbortSignal): ActorHttp {
  return {
    request: async (request) => {
      const call = actorHttpCall(request);
      const abort = AbortSignal.any([signal(), AbortSignal.timeout(request.timeoutMs ?? ACTOR_HTTP_TIMEOUT_MS)]);
      const response = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal: abort });
      return actorHttpResponse(response, new Uint8Array(await response.arrayBuffer()));
    },
  };
}
