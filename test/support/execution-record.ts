import { type ExecutionRecord } from '../../server/executions';

/**
 * A queued execution record with the given id, created at 1, for the store tests; `overrides` set any other field.
 * @example executionRecord('a', { status: 'running', nodeId: 'n1' })
 */
export function executionRecord(id: string, overrides: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return {
    id,
    status: 'queued',
    workflowId: 'w',
    source: 'http_api',
    nodeId: null,
    fingerprint: 'f',
    request: { graph_json: { processes: {} }, input: {}, metadata: {} },
    result: null,
    createdAt: 1,
    startedAt: null,
    endedAt: null,
    ...overrides,
  };
}
