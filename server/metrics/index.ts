export { ServiceMetrics, MAX_SOURCE_LABELS, type ExecutionLoad, type SubscriberCounts } from './service-metrics';
export { MetricsObserver } from './metrics-observer';
