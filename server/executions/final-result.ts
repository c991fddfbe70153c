import { type RunResult } from '../engine';
import { type ExecutionRecord } from './execution-record';

/** The result of an execution that ended without its network running to the end (cancelled while queued, interrupted). */
export function resultWithoutRun(record: ExecutionRecord, endedAt: number, message: string): RunResult {
  const startedAt = record.startedAt ?? record.createdAt;
  return {
    success: false,
    execution_id: record.id,
    workflow_id: record.workflowId,
    start_time: new Date(startedAt).toISOString(),
    end_time: new Date(endedAt).toISOString(),
    duration_ms: Math.max(0, endedAt - startedAt),
    outputs: {},
    errors: [{ message }],
    nodes_executed: 0,
    nodes_failed: 0,
  };
}
