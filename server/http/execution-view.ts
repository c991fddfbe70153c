import { type Execution } from '../../contract';
import { type ExecutionRecord, jsonAround, resultPieces } from '../executions';
import { type RunResult, workflowNameOf } from '../engine';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The public view of an execution, as `GET /workflows/{execution_id}` shows it. */
export function executionView(record: ExecutionRecord): Execution {
  // The summary gains its result rather than being copied into a new object: this is the read clients poll.
  const view = executionSummary(record) as Execution;
  view.result = record.result;
  return view;
}

/** The public view of an execution without its result, as the list shows it. */
export function executionSummary(record: ExecutionRecord): Omit<Execution, 'result'> {
  return {
    id: record.id,
    status: record.status,
    workflow_id: record.workflowId,
    workflow_name: workflowNameOf(record.request.graph_json.properties) ?? null,
    source: record.source,
    deployment_id: record.deploymentId ?? null,
    tenant: record.tenant ?? null,
    node_id: record.nodeId,
    created_at: new Date(record.createdAt).toISOString(),
    started_at: iso(record.startedAt),
    ended_at: iso(record.endedAt),
  };
}

/**
 * The success envelope of `GET /workflows/{execution_id}` as JSON text in pieces, the result written from the
 * text made when it was measured or read from its file: a result of several megabytes is neither serialised
 * again per read nor copied into one string.
 */
export function executionEnvelopeJson(envelope: { data: Execution }): readonly string[] {
  // Copied without the field rather than with it deleted: deleting a field makes an object slow to serialise.
  const { data, ...outer } = envelope;
  const { result, ...summary } = data;
  const [envelopeBefore, envelopeAfter] = jsonAround(outer, 'data');
  const [viewBefore, viewAfter] = jsonAround(summary, 'result');
  return [`${envelopeBefore}${viewBefore}`, ...(result === null ? ['null'] : resultPieces(result as RunResult)), `${viewAfter}${envelopeAfter}`];
}
