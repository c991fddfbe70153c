export { ServiceMetrics } from './service-metrics';
export { MetricsObserver } from './metrics-observer';
