import { type EngineEvent, type TerminalEvent, isJsonObject } from '../../engine';
import { type ExecutionRecord } from '../../executions';
import { type EventFacts } from './execution-tally';
import { jsonTypeOf, previewOf } from './payload-preview';
import { type TraceCompletion, type TraceEvent, type TraceSessionRequest } from './trace-event';

const STATUS_OF_TERMINAL = { Completed: 'success', Failed: 'error', Cancelled: 'cancelled' } as const satisfies Record<
  TerminalEvent['_type'],
  TraceCompletion['status']
>;

/** The request that opens an execution's trace session; `environment` and `tags` come from the request metadata when it has them. */
export function traceSessionRequestOf(execution: ExecutionRecord): TraceSessionRequest {
  const { environment, tags } = execution.request.metadata;
  const metadata: TraceSessionRequest['metadata'] = { trigger: execution.source };
  if (typeof environment === 'string') metadata.environment = environment;
  if (Array.isArray(tags)) metadata.tags = tags.filter((tag): tag is string => typeof tag === 'string');
  return { workflowId: execution.workflowId, executionId: execution.id, metadata };
}

/**
 * The trace event of an engine event, or null for the events the trace collector has no place for
 * (`NetworkStarted`, `NetworkIdle` and the terminal events, which close the session instead).
 */
export function traceEventOf(event: EngineEvent, facts: EventFacts, previewChars: number): TraceEvent | null {
  const custom = { seq: event.seq };
  switch (event._type) {
    case 'ActorStarted':
      return {
        timestamp: event.timestamp,
        nodeId: event.actorId,
        eventType: 'input',
        data: { size: 0, type: 'lifecycle', preview: { status: 'executing' } },
        metadata: { custom: { ...custom, component: event.component } },
      };
    case 'ActorCompleted':
      return {
        timestamp: event.timestamp,
        nodeId: event.actorId,
        eventType: 'output',
        data: { size: facts.bytes, type: 'lifecycle', preview: { status: 'completed' } },
        duration: event.durationMs,
        metadata: { custom: { ...custom, component: event.component } },
      };
    case 'ActorFailed':
      return {
        timestamp: event.timestamp,
        nodeId: event.actorId,
        eventType: 'error',
        data: { size: 0, type: 'error', preview: { status: 'failed' } },
        error: { message: event.error },
        metadata: { custom: { ...custom, component: event.component } },
      };
    case 'MessageSent':
      return {
        timestamp: event.timestamp,
        nodeId: event.fromActor,
        portId: event.fromPort,
        eventType: 'output',
        data: {
          size: facts.bytes,
          type: jsonTypeOf(event.message),
          preview: { to_node: event.toActor, to_port: event.toPort, value: previewOf(event.message, previewChars) },
        },
        metadata: { custom: event.truncated ? { ...custom, truncated: true } : custom },
      };
    default:
      return null;
  }
}

/** How many nodes the submitted graph has at its top level (0 when it cannot tell). */
function processCount(execution: ExecutionRecord): number {
  const processes = execution.request.graph_json.processes;
  return isJsonObject(processes) ? Object.keys(processes).length : 0;
}

/** The body that closes an execution's trace session, from its terminal event and the bytes it sent between nodes. */
export function traceCompletionOf(execution: ExecutionRecord, event: TerminalEvent, totalSentBytes: number): TraceCompletion {
  const { result } = event;
  const failedNodes = result.nodes_failed;
  const completion: TraceCompletion = {
    status: STATUS_OF_TERMINAL[event._type],
    summary: {
      totalNodes: Math.max(processCount(execution), result.nodes_executed),
      successfulNodes: Math.max(0, result.nodes_executed - failedNodes),
      failedNodes,
      totalDuration: result.duration_ms,
      totalDataProcessed: totalSentBytes,
    },
  };
  if (event._type === 'Failed') {
    const nodeId = result.errors.find((e) => e.node_id !== undefined)?.node_id;
    completion.error = nodeId === undefined ? { message: event.error } : { message: event.error, nodeId };
  }
  return completion;
}
