import { type ExecutionRecord } from './execution-record';

/**
 * How long a finished execution took, in milliseconds: its run's own measure, else from start (or, for one that
 * never started, acceptance) to end.
 */
export function executionDuration(execution: ExecutionRecord): number {
  if (execution.result) return execution.result.duration_ms;
  const end = execution.endedAt ?? execution.createdAt;
  return Math.max(0, end - (execution.startedAt ?? execution.createdAt));
}
