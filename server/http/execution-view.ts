import { type Execution } from '../../contract';
import { type ExecutionRecord } from '../executions';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The public view of an execution, as `GET /workflows/{execution_id}` shows it. */
export function executionView(record: ExecutionRecord): Execution {
  return { ...executionSummary(record), result: record.result };
}

/** The public view of an execution without its result, as the list shows it. */
export function executionSummary(record: ExecutionRecord): Omit<Execution, 'result'> {
  return {
    id: record.id,
    status: record.status,
    workflow_id: record.workflowId,
    source: record.source,
    node_id: record.nodeId,
    created_at: new Date(record.createdAt).toISOString(),
    started_at: iso(record.startedAt),
    ended_at: iso(record.endedAt),
  };
}
