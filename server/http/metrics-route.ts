import { type RequestHandler } from 'express';
import { type ServiceMetrics } from '../metrics';

/** Answers `GET /metrics` with every metric in the Prometheus text format. */
export function metricsRoute(metrics: ServiceMetrics): RequestHandler {
  return function renderMetrics(_req, res, next) {
    metrics.render().then((text) => {
      res.setHeader('Content-Type', metrics.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(text);
    }, next);
  };
}
