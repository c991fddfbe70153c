import { type PeerRoute } from './recording-peer';

/** A peer route a test can swap per case, recording when each request arrived (to check a Retry-After wait). */
export interface ScriptedRoute {
  /** The route to start the peer with: it records the arrival and answers with the current script. */
  readonly route: PeerRoute;
  /** Epoch ms of each request since the last reset. */
  readonly arrivals: number[];
  /** Answers the following requests with `route`. */
  answerWith(route: PeerRoute): void;
  /** Back to the default answers, arrivals forgotten: call it in `beforeEach`. */
  reset(): void;
}

/** A {@link ScriptedRoute} that answers with `defaultRoute` until a test says otherwise. */
export function scriptedRoute(defaultRoute: PeerRoute): ScriptedRoute {
  let current = defaultRoute;
  const arrivals: number[] = [];
  return {
    route: (request) => {
      arrivals.push(Date.now());
      return current(request);
    },
    arrivals,
    answerWith: (route) => {
      current = route;
    },
    reset: () => {
      current = defaultRoute;
      arrivals.splice(0);
    },
  };
}
