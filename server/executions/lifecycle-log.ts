import { type EngineEvent } from '../engine';
import { type Logger } from '../logger';
import { executionDuration } from './execution-duration';
import { type ExecutionObserver } from './execution-observer';
import { type ExecutionRecord } from './execution-record';

/** The longest error message a log line carries; the whole one stays in the execution's result. */
const MAX_ERROR_CHARS = 1000;

function identity(execution: ExecutionRecord) {
  return { execution_id: execution.id, workflow_id: execution.workflowId, source: execution.source };
}

function clip(text: string): string {
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}...` : text;
}

/**
 * Logs the life of every execution: accepted (debug), started, and how it ended (completed, failed with its
 * first error, cancelled), each line with the execution id, workflow id and source, the last ones with the
 * duration. A failed run is a warning, not an error: it is the graph's failure, not the service's.
 */
export class LifecycleLog implements ExecutionObserver {
  constructor(private readonly logger: Logger) {}

  /** Logs that an execution was accepted (it may wait queued). */
  onAccepted(execution: ExecutionRecord): void {
    this.logger.debug(identity(execution), 'Execution accepted');
  }

  /** Logs that an execution's network started. */
  onEvent(execution: ExecutionRecord, event: EngineEvent): void {
    if (event._type === 'NetworkStarted') this.logger.info(identity(execution), 'Execution started');
  }

  /** Logs how an execution ended. */
  onFinished(execution: ExecutionRecord): void {
    const fields = { ...identity(execution), status: execution.status, duration_ms: executionDuration(execution) };
    const first = execution.result?.errors[0];
    if (execution.status === 'completed') {
      this.logger.info(fields, 'Execution completed');
    } else if (execution.status === 'failed') {
      const error = clip(first?.message ?? 'unknown error');
      this.logger.warn({ ...fields, error, ...(first?.node_id === undefined ? {} : { node_id: first.node_id }) }, `Execution failed: ${error}`);
    } else {
      this.logger.info({ ...fields, ...(first === undefined ? {} : { reason: clip(first.message) }) }, 'Execution cancelled');
    }
  }
}
