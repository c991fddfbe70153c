import WebSocket from 'ws';
import { type StartWorkflowBody, WorkflowSocket, type WorkflowClient } from '../client';
import { type EngineEvent } from '../server/engine';
import { type ExecutionRecord, type ExecutionService } from '../server/executions';
import { silentLogger } from '../server/logger';
import {
  CANCELLED_ERROR_CODE,
  type EventBridge,
  LiveMessageSchema,
  TraceCompletionSchema,
  TraceEventSchema,
  TraceSessionRequestSchema,
  createEventBridge,
} from '../server/ide';
import { connectWsBridgeSocket } from '../server/outbound-ws';
import { type FakeIde, startFakeIde } from './support/fake-ide';
import { type GraphJson, httpGetGraph, multiplyGraph } from './support/graphs';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const IDENTITY = { namespace: 'bridge-tests', node_id: 'engine-e2e0001' };

/** A chain of `length` nodes: a multiply whose product goes through `length - 1` absolute-value nodes. */
function chainGraph(length = 2): GraphJson {
  const processes: Record<string, { component: string }> = { mul: { component: 'tpl_math_multiply' } };
  const connections: NonNullable<GraphJson['connections']> = [];
  let previous = 'mul';
  for (let i = 1; i < length; i += 1) {
    processes[`abs${i}`] = { component: 'tpl_math_absolute' };
    connections.push({ from: { nodeId: previous, portId: 'result-out' }, to: { nodeId: `abs${i}`, portId: 'value-in' } });
    previous = `abs${i}`;
  }
  return {
    properties: { name: 'chain' },
    processes,
    connections,
    inports: { x: { process: 'mul', port: 'a-in' }, y: { process: 'mul', port: 'b-in' } },
    outports: { result: { process: previous, port: 'result-out' } },
    groups: [],
  };
}

/** A graph whose one node divides by zero with nothing on its error port: the run fails. */
function divideByZeroGraph(): GraphJson {
  return {
    properties: { name: 'divide' },
    processes: { div: { component: 'tpl_math_divide' } },
    connections: [],
    inports: { x: { process: 'div', port: 'a-in' }, y: { process: 'div', port: 'b-in' } },
    outports: { quotient: { process: 'div', port: 'result-out' } },
    groups: [],
  };
}

const TRACED_TYPES = new Set<string>(['ActorStarted', 'MessageSent', 'ActorCompleted', 'ActorFailed']);
const LIVE_TYPE_OF: Record<string, string> = {
  NetworkStarted: 'execution.started',
  ActorStarted: 'node.executing',
  ActorCompleted: 'node.completed',
  ActorFailed: 'node.failed',
  Completed: 'execution.completed',
  Failed: 'execution.failed',
  Cancelled: 'execution.failed',
};

async function logOf(executions: ExecutionService, id: string): Promise<EngineEvent[]> {
  return (await executions.readEvents(id, 1, 10_000)).events;
}

async function run(client: WorkflowClient, body: StartWorkflowBody): Promise<{ id: string; ms: number }> {
  const started = Date.now();
  const { data, error } = await client.startWorkflow(body);
  if (!data) throw new Error(`start failed: ${error?.error}`);
  await client.waitForCompletion(data.data.execution_id, { intervalMs: 10 });
  return { id: data.data.execution_id, ms: Date.now() - started };
}

/** Checks what the fake IDE received for a finished execution against the execution's own log. */
async function expectForwarded(ide: FakeIde, executions: ExecutionService, id: string) {
  const log = await logOf(executions, id);
  const trace = ide.trace(id)!;
  expect(TraceSessionRequestSchema.safeParse(trace.session).success).toBe(true);
  const events = trace.batches.flat();
  for (const event of events) expect(TraceEventSchema.safeParse(event).success).toBe(true);
  expect(events.map((e) => (e.metadata as { custom: { seq: number } }).custom.seq)).toEqual(log.filter((e) => TRACED_TYPES.has(e._type)).map((e) => e.seq));
  expect(trace.batches.every((batch) => batch.length >= 1 && batch.length <= 50)).toBe(true);
  expect(TraceCompletionSchema.safeParse(trace.completion).success).toBe(true);
  const live = ide.liveFor(id);
  for (const message of live) expect(LiveMessageSchema.safeParse(message).success).toBe(true);
  expect(live.map((m) => m.type)).toEqual(log.filter((e) => e._type in LIVE_TYPE_OF).map((e) => LIVE_TYPE_OF[e._type]));
  return { log, trace, events, live };
}

describe('the IDE event bridge with an IDE that answers', () => {
  let ide: FakeIde;
  let app: TestApp;
  let slow: SlowServer;
  const finished = (id: string) =>
    waitFor(
      () => ide.trace(id)?.completion !== undefined && ide.liveFor(id).some((m) => String(m.type).startsWith('execution.') && m.type !== 'execution.started'),
      { what: `the IDE to hear the end of ${id}` },
    );

  beforeAll(async () => {
    ide = await startFakeIde();
    slow = await startSlowServer(30_000);
    app = await startTestApp({ config: { ide_url: ide.url, ...IDENTITY } });
    await waitFor(() => ide.messages.length > 0, { what: 'the engine to say hello' });
  });
  afterAll(async () => {
    await app.close();
    await ide.close();
    await slow.close();
  });

  it('keeps one socket on /ws/zip that names the namespace and node id and says hello first', () => {
    expect(ide.connections).toEqual([{ namespace: IDENTITY.namespace, nodeId: IDENTITY.node_id }]);
    expect(ide.messages[0]).toEqual({ type: 'engine.hello', namespace: IDENTITY.namespace, nodeId: IDENTITY.node_id, timestamp: expect.any(Number) });
  });

  it('forwards a completed run: its session, every event in order, its completion and its live messages', async () => {
    const { id } = await run(app.client, { graph_json: chainGraph(2), input: { x: -3, y: 2 } });
    await finished(id);
    const { log, trace, events, live } = await expectForwarded(ide, app.executions, id);
    expect(trace.session).toEqual({ workflowId: 'chain', executionId: id, metadata: { trigger: 'http_api' } });
    expect(events.map((e) => [e.eventType, e.nodeId])).toEqual([
      ['input', 'mul'],
      ['output', 'mul'],
      ['output', 'mul'],
      ['input', 'abs1'],
      ['output', 'abs1'],
    ]);
    expect(events[1]).toMatchObject({ portId: 'result-out', data: { size: 2, type: 'number', preview: { to_node: 'abs1', to_port: 'value-in', value: -6 } } });
    expect(events[2]).toMatchObject({ duration: expect.any(Number), data: { size: 2, type: 'lifecycle' } });
    const result = (log[log.length - 1] as Extract<EngineEvent, { _type: 'Completed' }>).result;
    expect(trace.completion).toEqual({
      status: 'success',
      summary: { totalNodes: 2, successfulNodes: 2, failedNodes: 0, totalDuration: result.duration_ms, totalDataProcessed: 2 },
    });
    expect(live[0]).toEqual({ type: 'execution.started', workflowId: 'chain', executionId: id, timestamp: log[0].timestamp, trigger: 'http_api' });
    expect(live.find((m) => m.type === 'node.completed' && m.nodeId === 'mul')).toMatchObject({ duration: expect.any(Number), outputSize: 2 });
    expect(live[live.length - 1]).toMatchObject({
      type: 'execution.completed',
      duration: result.duration_ms,
      nodesExecuted: 2,
      summary: { successCount: 2, errorCount: 0 },
    });
  });

  it('sends a long run in ordered batches of at most 50 events', async () => {
    const { id } = await run(app.client, { graph_json: chainGraph(40), input: { x: 2, y: 3 } });
    await finished(id);
    const { events, trace } = await expectForwarded(ide, app.executions, id);
    expect(events).toHaveLength(40 * 3 - 1);
    expect(trace.batches.length).toBeGreaterThanOrEqual(3);
    expect(trace.completion).toMatchObject({ status: 'success', summary: { totalNodes: 40, successfulNodes: 40, totalDataProcessed: 39 } });
  });

  it('forwards a failed run with the error status, its error and node.failed', async () => {
    const { id } = await run(app.client, { graph_json: divideByZeroGraph(), input: { x: 1, y: 0 } });
    await finished(id);
    const { events, trace, live } = await expectForwarded(ide, app.executions, id);
    expect(events[events.length - 1]).toMatchObject({ eventType: 'error', nodeId: 'div', error: { message: 'Division by zero (1 / 0)' } });
    expect(trace.completion).toEqual({
      status: 'error',
      summary: { totalNodes: 1, successfulNodes: 0, failedNodes: 1, totalDuration: expect.any(Number), totalDataProcessed: 0 },
      error: { message: expect.stringContaining('Division by zero'), nodeId: 'div' },
    });
    expect(live.find((m) => m.type === 'node.failed')).toMatchObject({ nodeId: 'div', error: { message: 'Division by zero (1 / 0)' } });
    expect(live[live.length - 1]).toMatchObject({
      type: 'execution.failed',
      cancelled: false,
      error: { message: expect.stringContaining('Division by zero'), nodeId: 'div' },
    });
  });

  it('forwards a cancelled run with the cancelled status and execution.failed marked as cancelled', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url), input: {} });
    const id = data!.data.execution_id;
    await waitFor(() => ide.liveFor(id).some((m) => m.type === 'node.executing'), { what: 'the node to start' });
    expect((await app.client.cancelWorkflow(id)).response.status).toBe(200);
    await finished(id);
    const { events, trace, live } = await expectForwarded(ide, app.executions, id);
    expect(events[0]).toMatchObject({ eventType: 'input', nodeId: 'fetch', data: { preview: { status: 'executing' } } });
    expect(trace.completion).toMatchObject({ status: 'cancelled', summary: { totalNodes: 1 } });
    expect(trace.completion!.error).toBeUndefined();
    expect(live[live.length - 1]).toMatchObject({ type: 'execution.failed', cancelled: true, error: { code: CANCELLED_ERROR_CODE } });
  });

  it('forwards a run started over the WebSocket channel with its source as the trigger', async () => {
    const socket = await WorkflowSocket.connect(app.wsUrl, { WebSocket: WebSocket as never });
    try {
      const started = await socket.start({ graph_json: multiplyGraph(), input: { x: 6, y: 7 } });
      const id = started.execution_id!;
      await finished(id);
      expect(ide.trace(id)!.session).toEqual({ workflowId: 'multiply', executionId: id, metadata: { trigger: 'websocket' } });
      expect(ide.trace(id)!.completion).toMatchObject({ status: 'success' });
    } finally {
      socket.close();
    }
  });

  it('opens no trace session for a run with enable_tracing false but still sends its live messages', async () => {
    const { id } = await run(app.client, { graph_json: multiplyGraph(), input: { x: 1, y: 2 }, metadata: { enable_tracing: false } });
    await waitFor(() => ide.liveFor(id).some((m) => m.type === 'execution.completed'), { what: 'the live completion' });
    expect(ide.trace(id)).toBeUndefined();
    expect(ide.requests.some((r) => JSON.stringify(r.body ?? {}).includes(id))).toBe(false);
  });

  it("answers the IDE's ping with pong and ignores its other commands", async () => {
    ide.broadcast({ type: 'workflow.execute', workflowId: 'multiply' });
    ide.broadcast({ type: 'ping' });
    await waitFor(() => ide.messages.some((m) => m.type === 'pong'), { what: 'a pong' });
    expect(ide.messages.filter((m) => m.type === 'pong')).toEqual([{ type: 'pong', timestamp: expect.any(Number) }]);
    expect(ide.connections).toHaveLength(1);
  });
});

/** The real app with the bridge's counters in reach (the same wiring as `startTestApp`). */
async function startAppWithBridge(ideUrl: string): Promise<TestApp & { bridge: EventBridge }> {
  const app = await startTestApp({ config: { ide_url: ideUrl, ...IDENTITY } });
  return { ...app, bridge: app.ideBridge! };
}

describe('the IDE event bridge with an IDE that is down, broken or hanging', () => {
  const RUNS = 3;
  /** Trace events of one multiply run: the node starts and completes. */
  const TRACE_EVENTS_PER_RUN = 2;
  /** Live messages of one multiply run: started, executing, completed, execution completed. */
  const LIVE_PER_RUN = 4;
  let baselineMs = 0;

  beforeAll(async () => {
    const plain = await startTestApp();
    try {
      for (let i = 0; i < RUNS; i += 1) baselineMs = Math.max(baselineMs, (await run(plain.client, { graph_json: multiplyGraph(), input: { x: 2, y: i } })).ms);
    } finally {
      await plain.close();
    }
  });

  async function runWhileIdeMisbehaves(ideUrl: string) {
    const app = await startAppWithBridge(ideUrl);
    try {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) times.push((await run(app.client, { graph_json: multiplyGraph(), input: { x: 3, y: i } })).ms);
      return { app, slowestMs: Math.max(...times) };
    } catch (error) {
      await app.close();
      throw error;
    }
  }

  it('costs the runs nothing when the IDE refuses connections, and counts what it drops', async () => {
    const gone = await startFakeIde();
    await gone.close();
    const { app, slowestMs } = await runWhileIdeMisbehaves(gone.url);
    expect(slowestMs).toBeLessThan(baselineMs + 1000);
    await waitFor(() => app.bridge.stats().failures === RUNS, { what: 'every session to be given up' });
    await app.close();
    expect(app.bridge.stats()).toEqual({
      sessionsOpened: 0,
      batchesSent: 0,
      eventsSent: 0,
      eventsDropped: RUNS * TRACE_EVENTS_PER_RUN,
      failures: RUNS,
      liveSent: 0,
      liveDropped: RUNS * LIVE_PER_RUN,
      connected: false,
    });
  });

  it('costs the runs nothing when the IDE answers 500, retrying each request a bounded number of times', async () => {
    const ide = await startFakeIde({ mode: 'error' });
    try {
      const { app, slowestMs } = await runWhileIdeMisbehaves(ide.url);
      expect(slowestMs).toBeLessThan(baselineMs + 1000);
      await waitFor(() => app.bridge.stats().failures === RUNS, { what: 'every session to be given up' });
      await app.close();
      expect(ide.requests.filter((r) => r.path === '/api/zip/traces/sessions')).toHaveLength(RUNS * 3);
      expect(ide.requests.filter((r) => r.path !== '/api/zip/traces/sessions')).toEqual([]);
      expect(app.bridge.stats()).toMatchObject({
        sessionsOpened: 0,
        eventsDropped: RUNS * TRACE_EVENTS_PER_RUN,
        failures: RUNS,
        liveSent: 0,
        connected: false,
      });
    } finally {
      await ide.close();
    }
  });

  it('costs the runs nothing when the IDE never answers, and its close stays bounded', async () => {
    const ide = await startFakeIde({ mode: 'hang' });
    try {
      const { app, slowestMs } = await runWhileIdeMisbehaves(ide.url);
      expect(slowestMs).toBeLessThan(baselineMs + 1000);
      expect(ide.requests.filter((r) => r.path === '/api/zip/traces/sessions').length).toBeGreaterThanOrEqual(1);
      const closing = Date.now();
      await app.close();
      expect(Date.now() - closing).toBeLessThan(6000);
      expect(app.bridge.stats()).toMatchObject({
        sessionsOpened: 0,
        eventsSent: 0,
        eventsDropped: RUNS * TRACE_EVENTS_PER_RUN,
        liveSent: 0,
        liveDropped: RUNS * LIVE_PER_RUN,
        connected: false,
      });
    } finally {
      await ide.close();
    }
  });
});

describe('the IDE event bridge when the IDE restarts', () => {
  it('reconnects to the same port and resumes live messages, sending those kept while it was down', async () => {
    let ide = await startFakeIde();
    const app = await startTestApp({ config: { ide_url: ide.url, ...IDENTITY } });
    try {
      await waitFor(() => ide.connections.length === 1, { what: 'the first connection' });
      const { port } = ide;
      await ide.close();
      const whileDown = await run(app.client, { graph_json: multiplyGraph(), input: { x: 1, y: 1 } });
      ide = await startFakeIde({ port });
      await waitFor(() => ide.liveFor(whileDown.id).some((m) => m.type === 'execution.completed'), {
        timeoutMs: 15_000,
        what: 'the kept messages after reconnecting',
      });
      expect(ide.messages[0]).toMatchObject({ type: 'engine.hello', nodeId: IDENTITY.node_id });
      expect(ide.liveFor(whileDown.id).map((m) => m.type)).toEqual(['execution.started', 'node.executing', 'node.completed', 'execution.completed']);
      const afterwards = await run(app.client, { graph_json: multiplyGraph(), input: { x: 2, y: 2 } });
      await waitFor(() => ide.trace(afterwards.id)?.completion !== undefined && ide.liveFor(afterwards.id).length === 4, {
        what: 'the next run to be forwarded',
      });
      expect(ide.connections).toHaveLength(1);
    } finally {
      await app.close();
      await ide.close();
    }
  });
});

describe("the IDE event bridge's bounds", () => {
  function execution(id: string, enableTracing = true): ExecutionRecord {
    const metadata: ExecutionRecord['request']['metadata'] = enableTracing ? {} : { enable_tracing: false };
    return {
      id,
      status: 'running',
      workflowId: 'bounds',
      source: 'http_api',
      nodeId: null,
      fingerprint: id,
      request: { graph_json: { processes: {} }, input: {}, metadata },
      result: null,
      createdAt: 0,
      startedAt: 0,
      endedAt: null,
    };
  }
  const nodeStarted = (seq: number): EngineEvent => ({ _type: 'ActorStarted', seq, timestamp: Date.now(), actorId: `n${seq}`, component: 'c' });
  const bridgeTo = (ideUrl: string, options: Partial<Parameters<typeof createEventBridge>[0]>) =>
    createEventBridge({
      ideUrl,
      namespace: IDENTITY.namespace,
      nodeId: IDENTITY.node_id,
      logger: silentLogger,
      connectSocket: (url) => connectWsBridgeSocket(url),
      ...options,
    });

  it('holds at most the per-execution bound of events while the session is not open, and counts the rest as dropped', async () => {
    const ide = await startFakeIde({ mode: 'hang' });
    const bridge = bridgeTo(ide.url, { maxBufferedEventsPerExecution: 5, closeTimeoutMs: 200 });
    const record = execution('bounded-1');
    try {
      bridge.onAccepted(record);
      for (let seq = 1; seq <= 20; seq += 1) bridge.onEvent(record, nodeStarted(seq));
      expect(bridge.stats().eventsDropped).toBe(15);
    } finally {
      await bridge.close();
      await ide.close();
    }
    expect(bridge.stats()).toMatchObject({ eventsSent: 0, eventsDropped: 20, failures: 1 });
  });

  it('keeps the newest live messages while the IDE is away and sends them once it is back', async () => {
    const gone = await startFakeIde();
    const { port } = gone;
    await gone.close();
    const bridge = bridgeTo(gone.url, { maxBufferedLiveMessages: 3, reconnectBaseMs: 50, reconnectMaxMs: 200 });
    const record = execution('bounded-2', false);
    let ide: FakeIde | undefined;
    try {
      for (let seq = 1; seq <= 10; seq += 1) bridge.onEvent(record, nodeStarted(seq));
      expect(bridge.stats()).toMatchObject({ liveSent: 0, liveDropped: 7, connected: false });
      ide = await startFakeIde({ port });
      const back = ide;
      await waitFor(() => back.liveFor('bounded-2').length === 3, { timeoutMs: 10_000, what: 'the kept messages' });
      expect(back.liveFor('bounded-2').map((m) => m.nodeId)).toEqual(['n8', 'n9', 'n10']);
      expect(bridge.stats()).toMatchObject({ liveSent: 3, liveDropped: 7, connected: true, sessionsOpened: 0 });
    } finally {
      await bridge.close();
      await ide?.close();
    }
  });
});
