import { type EngineEvent } from '../../engine';
import { type ExecutionRecord } from '../../executions';
import { type EventFacts } from './execution-tally';
import { type LiveMessage } from './live-message';

/** The error code a cancelled run's `execution.failed` carries. */
export const CANCELLED_ERROR_CODE = 'CANCELLED';

/**
 * The session-object message of an engine event, or null for the events it does not announce
 * (`MessageSent`, `NetworkIdle`). A cancelled run ends with `execution.failed`, `cancelled: true`.
 */
export function liveMessageOf(execution: Pick<ExecutionRecord, 'id' | 'workflowId' | 'source'>, event: EngineEvent, facts: EventFacts): LiveMessage | null {
  const base = { workflowId: execution.workflowId, executionId: execution.id, timestamp: event.timestamp };
  switch (event._type) {
    case 'NetworkStarted':
      return { type: 'execution.started', ...base, trigger: execution.source };
    case 'ActorStarted':
      return { type: 'node.executing', ...base, nodeId: event.actorId, component: event.component };
    case 'ActorCompleted':
      return { type: 'node.completed', ...base, nodeId: event.actorId, duration: event.durationMs, outputSize: facts.bytes };
    case 'ActorFailed':
      return { type: 'node.failed', ...base, nodeId: event.actorId, error: { message: event.error } };
    case 'Completed':
      return {
        type: 'execution.completed',
        ...base,
        duration: event.result.duration_ms,
        nodesExecuted: event.result.nodes_executed,
        summary: { successCount: Math.max(0, event.result.nodes_executed - event.result.nodes_failed), errorCount: event.result.nodes_failed },
      };
    case 'Failed': {
      const nodeId = event.result.errors.find((e) => e.node_id !== undefined)?.node_id;
      const error = nodeId === undefined ? { message: event.error } : { message: event.error, nodeId };
      return { type: 'execution.failed', ...base, duration: event.result.duration_ms, error, cancelled: false };
    }
    case 'Cancelled':
      return {
        type: 'execution.failed',
        ...base,
        duration: event.result.duration_ms,
        error: { message: 'Execution cancelled', code: CANCELLED_ERROR_CODE },
        cancelled: true,
      };
    default:
      return null;
  }
}
