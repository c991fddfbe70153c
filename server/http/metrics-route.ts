import { type RequestHandler, Router } from 'express';
import { type ServiceMetrics } from '../metrics';

/** Serves `GET /metrics`, every metric in the Prometheus text format, after `guard` when one is given (the token check). */
export function metricsRoute(metrics: ServiceMetrics, guard?: RequestHandler): Router {
  const renderMetrics: RequestHandler = (_req, res, next) => {
    metrics.render().then((text) => {
      res.setHeader('Content-Type', metrics.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(text);
    }, next);
  };
  return Router().get('/metrics', ...(guard === undefined ? [] : [guard]), renderMetrics);
}
