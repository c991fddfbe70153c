import { type RequestHandler } from 'express';
import { type ServiceMetrics } from '../metrics';
import { RoutePatterns } from './route-patterns';

/** The status counted for a request whose client went away before any answer was sent (nginx's convention). */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Counts every HTTP request once its connection is done with it, by method, route pattern and status, and
 * observes how long it took. Placed first, so that refused requests (503, 429, 401) count too.
 */
export function requestMetrics(metrics: ServiceMetrics, routes = new RoutePatterns()): RequestHandler {
  return function countRequest(req, res, next) {
    const started = performance.now();
    // Read now: routers that mount a folder rewrite the path while they handle the request.
    const route = routes.match(req.path);
    res.once('close', () => {
      const status = res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST;
      metrics.httpRequest(req.method, route, status, performance.now() - started);
    });
    next();
  };
}
