import { type EngineEvent, type RunResult } from '../../engine';
import { type ExecutionRecord } from '../../executions';
import { ExecutionTally } from './execution-tally';
import { PREVIEW_TRUNCATION_MARKER } from './payload-preview';
import { TraceCompletionSchema, TraceEventSchema } from './trace-event';
import { traceCompletionOf, traceEventOf, traceSessionRequestOf } from './trace-mapping';

const T = 1_700_000_000_000;

function execution(metadata: ExecutionRecord['request']['metadata'] = {}): ExecutionRecord {
  return {
    id: 'exec-1',
    status: 'running',
    workflowId: 'chain',
    source: 'websocket',
    nodeId: null,
    fingerprint: 'f',
    request: {
      graph_json: { processes: { mul: { component: 'tpl_math_multiply' }, abs: { component: 'tpl_math_absolute' }, idle: { component: 'x' } } },
      input: {},
      metadata,
    },
    result: null,
    createdAt: T,
    startedAt: T,
    endedAt: null,
  };
}

function result(overrides: Partial<RunResult> = {}): RunResult {
  return {
    success: true,
    execution_id: 'exec-1',
    workflow_id: 'chain',
    start_time: new Date(T).toISOString(),
    end_time: new Date(T + 42).toISOString(),
    duration_ms: 42,
    outputs: {},
    errors: [],
    nodes_executed: 2,
    nodes_failed: 0,
    ...overrides,
  };
}

/** Maps a whole log the way the bridge does: each event through one tally, in order. */
function mapLog(events: EngineEvent[], previewChars = 1024) {
  const tally = new ExecutionTally();
  return events.map((event) => traceEventOf(event, tally.observe(event), previewChars));
}

describe('the trace collector mapping', () => {
  it('opens a session with the workflow, the execution and its source as trigger', () => {
    expect(traceSessionRequestOf(execution())).toEqual({ workflowId: 'chain', executionId: 'exec-1', metadata: { trigger: 'websocket' } });
  });

  it('passes the environment and the text tags of the request metadata to the session', () => {
    const request = traceSessionRequestOf(execution({ environment: 'staging', tags: ['nightly', 3, 'eu'] }));
    expect(request.metadata).toEqual({ trigger: 'websocket', environment: 'staging', tags: ['nightly', 'eu'] });
  });

  it('maps a node start to an input lifecycle event with the executing status', () => {
    const [started] = mapLog([{ _type: 'ActorStarted', seq: 2, timestamp: T, actorId: 'mul', component: 'tpl_math_multiply' }]);
    expect(started).toEqual({
      timestamp: T,
      nodeId: 'mul',
      eventType: 'input',
      data: { size: 0, type: 'lifecycle', preview: { status: 'executing' } },
      metadata: { custom: { seq: 2, component: 'tpl_math_multiply' } },
    });
  });

  it('maps a packet to an output on the sending node and port with its target, size and JSON type', () => {
    const message = { value: 'é', items: [1, 2] };
    const [sent] = mapLog([
      { _type: 'MessageSent', seq: 3, timestamp: T + 1, fromActor: 'mul', fromPort: 'result-out', toActor: 'abs', toPort: 'value-in', message },
    ]);
    expect(sent).toMatchObject({
      nodeId: 'mul',
      portId: 'result-out',
      eventType: 'output',
      data: { size: Buffer.byteLength(JSON.stringify(message)), type: 'object', preview: { to_node: 'abs', to_port: 'value-in', value: message } },
    });
    expect(Buffer.byteLength(JSON.stringify(message))).toBe(JSON.stringify(message).length + 1);
  });

  it('cuts a large packet in the preview but counts all of its bytes', () => {
    const message = 'x'.repeat(5000);
    const [sent] = mapLog([{ _type: 'MessageSent', seq: 3, timestamp: T, fromActor: 'a', fromPort: 'out', toActor: 'b', toPort: 'in', message }], 100);
    const preview = sent?.data.preview as { value: string };
    expect(preview.value).toBe(`${JSON.stringify(message).slice(0, 100)}${PREVIEW_TRUNCATION_MARKER}`);
    expect(sent?.data.size).toBe(5002);
    expect(sent?.data.type).toBe('string');
  });

  it('gives a completed node its duration and the bytes it sent during that firing', () => {
    const mapped = mapLog([
      { _type: 'ActorStarted', seq: 2, timestamp: T, actorId: 'mul', component: 'tpl_math_multiply' },
      { _type: 'MessageSent', seq: 3, timestamp: T, fromActor: 'mul', fromPort: 'result-out', toActor: 'abs', toPort: 'value-in', message: -6 },
      { _type: 'MessageSent', seq: 4, timestamp: T, fromActor: 'mul', fromPort: 'result-out', toActor: 'log', toPort: 'in', message: -6 },
      { _type: 'ActorCompleted', seq: 5, timestamp: T + 2, actorId: 'mul', component: 'tpl_math_multiply', durationMs: 1.5 },
    ]);
    expect(mapped[3]).toEqual({
      timestamp: T + 2,
      nodeId: 'mul',
      eventType: 'output',
      data: { size: 4, type: 'lifecycle', preview: { status: 'completed' } },
      duration: 1.5,
      metadata: { custom: { seq: 5, component: 'tpl_math_multiply' } },
    });
  });

  it('maps a node failure to an error event carrying the message', () => {
    const [failed] = mapLog([{ _type: 'ActorFailed', seq: 3, timestamp: T, actorId: 'div', component: 'tpl_math_divide', error: 'Division by zero (1 / 0)' }]);
    expect(failed).toMatchObject({ nodeId: 'div', eventType: 'error', error: { message: 'Division by zero (1 / 0)' } });
  });

  it('leaves out the network and terminal events, and every mapped event fits the IDE schema', () => {
    const mapped = mapLog([
      { _type: 'NetworkStarted', seq: 1, timestamp: T, executionId: 'exec-1', workflowId: 'chain' },
      { _type: 'ActorStarted', seq: 2, timestamp: T, actorId: 'mul', component: 'c' },
      { _type: 'ActorFailed', seq: 3, timestamp: T, actorId: 'mul', component: 'c', error: 'boom' },
      { _type: 'NetworkIdle', seq: 4, timestamp: T },
      { _type: 'Failed', seq: 5, timestamp: T, error: 'boom', result: result({ success: false }) },
    ]);
    expect(mapped.map((e) => e?.eventType ?? null)).toEqual([null, 'input', 'error', null, null]);
    for (const event of mapped.filter((e) => e !== null)) expect(TraceEventSchema.safeParse(event).success).toBe(true);
  });

  it('completes a successful run with its node counts, duration and bytes sent', () => {
    const completion = traceCompletionOf(execution(), { _type: 'Completed', seq: 8, timestamp: T, result: result() }, 17);
    expect(completion).toEqual({
      status: 'success',
      summary: { totalNodes: 3, successfulNodes: 2, failedNodes: 0, totalDuration: 42, totalDataProcessed: 17 },
    });
    expect(TraceCompletionSchema.safeParse(completion).success).toBe(true);
  });

  it('completes a failed run with the error status, its error and the failing node', () => {
    const failed = result({ success: false, nodes_executed: 1, nodes_failed: 1, errors: [{ node_id: 'div', message: 'Division by zero' }] });
    const completion = traceCompletionOf(
      execution(),
      { _type: 'Failed', seq: 4, timestamp: T, error: "Node 'div' failed: Division by zero", result: failed },
      0,
    );
    expect(completion).toEqual({
      status: 'error',
      summary: { totalNodes: 3, successfulNodes: 0, failedNodes: 1, totalDuration: 42, totalDataProcessed: 0 },
      error: { message: "Node 'div' failed: Division by zero", nodeId: 'div' },
    });
  });

  it('completes a cancelled run with the cancelled status and no error', () => {
    const completion = traceCompletionOf(execution(), { _type: 'Cancelled', seq: 3, timestamp: T, result: result({ success: false, nodes_executed: 1 }) }, 0);
    expect(completion.status).toBe('cancelled');
    expect(completion.error).toBeUndefined();
    expect(completion.summary.successfulNodes).toBe(1);
  });
});
