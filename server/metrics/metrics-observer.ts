import { type ExecutionObserver, type ExecutionRecord, executionDuration } from '../executions';
import { type EngineEvent } from '../engine';
import { type ServiceMetrics } from './service-metrics';

/** Counts what every execution does into the service metrics: each event written, and how each run ended. */
export class MetricsObserver implements ExecutionObserver {
  constructor(private readonly metrics: ServiceMetrics) {}

  /** Counts one event of an execution's log. */
  onEvent(_execution: ExecutionRecord, event: EngineEvent): void {
    this.metrics.eventWritten(event._type);
  }

  /** Counts the execution by final state and source, and observes its duration. */
  onFinished(execution: ExecutionRecord): void {
    this.metrics.executionFinished(execution.status, execution.source, executionDuration(execution));
  }
}
