import { type EngineEvent, type RunResult } from '../../engine';
import { ExecutionTally } from './execution-tally';
import { CANCELLED_ERROR_CODE, liveMessageOf } from './live-mapping';
import { LiveMessageSchema } from './live-message';

const T = 1_700_000_000_000;
const execution = { id: 'exec-1', workflowId: 'chain', source: 'http_api' };
const ids = { workflowId: 'chain', executionId: 'exec-1' };

function result(overrides: Partial<RunResult> = {}): RunResult {
  return {
    success: true,
    execution_id: 'exec-1',
    workflow_id: 'chain',
    start_time: new Date(T).toISOString(),
    end_time: new Date(T + 9).toISOString(),
    duration_ms: 9,
    outputs: {},
    errors: [],
    nodes_executed: 2,
    nodes_failed: 0,
    ...overrides,
  };
}

function mapLog(events: EngineEvent[]) {
  const tally = new ExecutionTally();
  return events.map((event) => liveMessageOf(execution, event, tally.observe(event)));
}

describe('the session object mapping', () => {
  it('announces a run, its nodes and its completion with the fields the IDE reads', () => {
    const messages = mapLog([
      { _type: 'NetworkStarted', seq: 1, timestamp: T, executionId: 'exec-1', workflowId: 'chain' },
      { _type: 'ActorStarted', seq: 2, timestamp: T + 1, actorId: 'mul', component: 'tpl_math_multiply' },
      { _type: 'MessageSent', seq: 3, timestamp: T + 2, fromActor: 'mul', fromPort: 'result-out', toActor: 'abs', toPort: 'value-in', message: -6 },
      { _type: 'ActorCompleted', seq: 4, timestamp: T + 3, actorId: 'mul', component: 'tpl_math_multiply', durationMs: 1.25 },
      { _type: 'NetworkIdle', seq: 5, timestamp: T + 4 },
      { _type: 'Completed', seq: 6, timestamp: T + 5, result: result({ nodes_failed: 1 }) },
    ]);
    expect(messages).toEqual([
      { type: 'execution.started', ...ids, timestamp: T, trigger: 'http_api' },
      { type: 'node.executing', ...ids, timestamp: T + 1, nodeId: 'mul', component: 'tpl_math_multiply' },
      null,
      { type: 'node.completed', ...ids, timestamp: T + 3, nodeId: 'mul', duration: 1.25, outputSize: 2 },
      null,
      { type: 'execution.completed', ...ids, timestamp: T + 5, duration: 9, nodesExecuted: 2, summary: { successCount: 1, errorCount: 1 } },
    ]);
    for (const message of messages.filter((m) => m !== null)) expect(LiveMessageSchema.safeParse(message).success).toBe(true);
  });

  it('reports a failed node and a failed run with their messages', () => {
    const [nodeFailed, runFailed] = mapLog([
      { _type: 'ActorFailed', seq: 3, timestamp: T, actorId: 'div', component: 'tpl_math_divide', error: 'Division by zero' },
      {
        _type: 'Failed',
        seq: 4,
        timestamp: T + 1,
        error: "Node 'div' failed: Division by zero",
        result: result({ success: false, errors: [{ node_id: 'div', message: 'Division by zero' }] }),
      },
    ]);
    expect(nodeFailed).toEqual({ type: 'node.failed', ...ids, timestamp: T, nodeId: 'div', error: { message: 'Division by zero' } });
    expect(runFailed).toEqual({
      type: 'execution.failed',
      ...ids,
      timestamp: T + 1,
      duration: 9,
      error: { message: "Node 'div' failed: Division by zero", nodeId: 'div' },
      cancelled: false,
    });
  });

  it('ends a cancelled run with execution.failed marked as cancelled', () => {
    const [cancelled] = mapLog([{ _type: 'Cancelled', seq: 3, timestamp: T, result: result({ success: false }) }]);
    expect(cancelled).toMatchObject({ type: 'execution.failed', cancelled: true, error: { code: CANCELLED_ERROR_CODE } });
  });
});
