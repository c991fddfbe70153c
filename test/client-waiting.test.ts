import WebSocket from 'ws';
import { createWorkflowClient, type WorkflowClient, WorkflowSocket } from '../client';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { startRestartableApp } from './support/restartable-app';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { type TestApp, startTestApp } from './support/test-app';

/** A client whose every request and answer status is written down (through the real fetch). */
function recordingClient(
  app: TestApp,
  extra: { socket?: WorkflowSocket } = {},
): { client: WorkflowClient; seen: { method: string; path: string; status: number }[] } {
  const seen: { method: string; path: string; status: number }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    seen.push({ method: request.method, path: new URL(request.url).pathname, status: response.status });
    return response;
  };
  return { client: createWorkflowClient({ baseUrl: app.url, fetch: recording, ...extra }), seen };
}

// The run lasts as long as the slow server takes to answer: 15 s against a limit of 10 requests a minute is the
// same budget as a two-minute run against the default 100, and a 50 ms poll would spend it in half a second.
const RUN_MS = 15_000;

describe('waiting for an execution under a rate limit', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: 10 } });
    slow = await startSlowServer(RUN_MS);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  it('follows the events of a 15-second run with four requests and no 429, and resolves with its result', async () => {
    const { client, seen } = recordingClient(app);
    const { data } = await client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const execution = await client.waitForCompletion(data!.data.execution_id);
    expect(execution).toMatchObject({ status: 'completed', result: { success: true } });
    expect(JSON.stringify(execution.result!.outputs)).toContain('"ok":true');
    expect(seen.map((r) => r.status)).not.toContain(429);
    expect(seen.map((r) => `${r.method} ${r.path.replace(data!.data.execution_id, ':id')}`)).toEqual([
      'POST /workflows',
      'GET /workflows/:id',
      'GET /workflows/:id/events',
      'GET /workflows/:id',
    ]);
  }, 60_000);
});

describe('waiting for an execution by polling under a rate limit', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: 10 } });
    slow = await startSlowServer(RUN_MS);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  it('spreads its polls over what the RateLimit headers leave, so that a 15-second run sees no 429', async () => {
    const { client, seen } = recordingClient(app);
    const { data } = await client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const execution = await client.waitForCompletion(data!.data.execution_id, { via: 'polling' });
    expect(execution).toMatchObject({ status: 'completed', result: { success: true } });
    expect(seen.map((r) => r.status)).not.toContain(429);
    const polls = seen.filter((r) => r.method === 'GET');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(9);
    expect(polls.every((r) => r.path === `/workflows/${data!.data.execution_id}`)).toBe(true);
  }, 60_000);
});

describe('waitForCompletion', () => {
  let app: TestApp;
  let slow: SlowServer;
  let quick: SlowServer;
  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(30_000);
    quick = await startSlowServer(1500);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
    await quick.close();
  });

  it('follows the events over the client socket when it has one, with no event stream request', async () => {
    const socket = await WorkflowSocket.connect(app.wsUrl, { WebSocket });
    try {
      const { client, seen } = recordingClient(app, { socket });
      const { data } = await client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 6, y: 7 } });
      const execution = await client.waitForCompletion(data!.data.execution_id);
      expect(execution.result!.outputs).toEqual({ product: 42 });
      expect(seen.some((r) => r.path.endsWith('/events'))).toBe(false);
    } finally {
      socket.close();
    }
  });

  it('answers at once with an execution that has already finished', async () => {
    const { client, seen } = recordingClient(app);
    const { data } = await client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    await client.waitForCompletion(data!.data.execution_id);
    seen.length = 0;
    expect((await client.waitForCompletion(data!.data.execution_id)).result!.outputs).toEqual({ product: 6 });
    expect(seen).toHaveLength(1);
  });

  it('names an execution that does not exist', async () => {
    await expect(app.client.waitForCompletion('no-such-execution')).rejects.toThrow("Execution 'no-such-execution': Execution 'no-such-execution' not found");
  });

  it('gives up after timeoutMs, naming the execution, both following events and polling', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const id = data!.data.execution_id;
    await expect(app.client.waitForCompletion(id, { timeoutMs: 300 })).rejects.toThrow(`Execution '${id}' did not finish within 300 ms`);
    await expect(app.client.waitForCompletion(id, { timeoutMs: 300, via: 'polling' })).rejects.toThrow('did not finish within 300 ms');
    await app.client.cancelWorkflow(id);
  });

  it('stops when its signal is aborted, with the signal reason', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url) });
    const controller = new AbortController();
    const waiting = app.client.waitForCompletion(data!.data.execution_id, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('no longer needed')), 100);
    await expect(waiting).rejects.toThrow('no longer needed');
    await app.client.cancelWorkflow(data!.data.execution_id);
  });

  it('resumes its event stream from the next seq when the connection drops, without a gap or a repeat', async () => {
    const server = await startRestartableApp();
    const client = createWorkflowClient({ baseUrl: server.url });
    try {
      const { data } = await client.startWorkflow({ graph_json: httpGetGraph(quick.url) });
      const events = [];
      let beforeDrop = 0;
      for await (const event of client.streamEvents(data!.data.execution_id)) {
        events.push(event);
        if (event._type === 'ActorStarted') {
          beforeDrop = events.length;
          await server.drop();
          await server.reopen();
        }
      }
      expect(events.length).toBeGreaterThan(beforeDrop);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
      expect(events.at(-1)!._type).toBe('Completed');
    } finally {
      await server.close();
    }
  }, 20_000);

  it('streams the same events as the JSON log, from fromSeq to the terminal one', async () => {
    const { data } = await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 1, y: 5 } });
    const id = data!.data.execution_id;
    await app.client.waitForCompletion(id);
    const page = await app.client.getWorkflowEvents(id);
    const streamed = [];
    for await (const event of app.client.streamEvents(id, { fromSeq: 2 })) streamed.push(event);
    expect(streamed).toEqual(page.data!.data.events.slice(1));
    expect(streamed.at(-1)!._type).toBe('Completed');
  });
});
