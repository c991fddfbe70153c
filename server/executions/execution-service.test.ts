import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { z } from 'zod';
import { type EngineEvent, createCatalogue, defineActor } from '../engine';
import { AppError } from '../errors';
import { ExecutionService } from './execution-service';
import { MemoryExecutionStore } from '../storage';
import { WebhookNotifier } from './webhook-notifier';

const double = defineActor({
  id: 'double',
  inports: { in: { required: true } },
  outports: { out: {} },
  fire: ({ inputs, send }) => send('out', Number(inputs.in) * 2),
});

const wait = defineActor({
  id: 'wait',
  inports: {},
  outports: { out: {} },
  config: z.object({ ms: z.number().default(60_000) }),
  fire: ({ config, signal, send }) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => void send('out', 'waited').then(resolve), config.ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    }),
});

const catalogue = createCatalogue([double, wait]);

const doubleGraph = {
  properties: { name: 'doubler' },
  processes: { d: { component: 'double' } },
  connections: [],
  inports: { n: { process: 'd', port: 'in' } },
  outports: { result: { process: 'd', port: 'out' } },
};
const waitGraph = (ms = 60_000) => ({ properties: { name: 'waiter' }, processes: { w: { component: 'wait', metadata: { config: { ms } } } }, connections: [] });

function service(options: Partial<ConstructorParameters<typeof ExecutionService>[0]> = {}) {
  const store = new MemoryExecutionStore();
  let next = 0;
  return { store, executions: new ExecutionService({ catalogue, store, newId: () => `id-${++next}`, ...options }) };
}

async function finished(executions: ExecutionService, id: string) {
  for (let i = 0; i < 500; i += 1) {
    const record = await executions.get(id);
    if (['completed', 'failed', 'cancelled'].includes(record.status)) return record;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`execution ${id} did not finish`);
}

describe('ExecutionService', () => {
  it('runs a graph in the background and records its result and ordered log', async () => {
    const { executions, store } = service();
    const { execution, created } = await executions.start({ graph_json: doubleGraph, input: { n: 21 }, metadata: {} }, { source: 'test' });
    expect(created).toBe(true);
    expect(execution).toMatchObject({ id: 'id-1', workflowId: 'doubler', source: 'test' });
    expect(['queued', 'running']).toContain(execution.status);
    const done = await finished(executions, 'id-1');
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ success: true, outputs: { result: 42 }, execution_id: 'id-1', workflow_id: 'doubler' });
    const events = await store.readEvents('id-1', 1, 1000);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[events.length - 1]._type).toBe('Completed');
  });

  it('returns the existing execution for an identical retry and refuses a different request with the same id', async () => {
    const { executions, store } = service();
    const request = { graph_json: doubleGraph, input: { n: 1 }, metadata: { execution_id: 'fixed' } };
    const [first, concurrent] = await Promise.all([executions.start(request, { source: 'http_api' }), executions.start(request, { source: 'http_api' })]);
    expect([first.created, concurrent.created]).toEqual([true, false]);
    const retry = await executions.start({ ...request, metadata: { ...request.metadata, source: 'websocket' } }, { source: 'websocket' });
    expect(retry.created).toBe(false);
    expect(retry.execution.source).toBe('http_api');
    await expect(executions.start({ ...request, input: { n: 2 } }, { source: 'http_api' })).rejects.toEqual(
      expect.objectContaining({ code: 'CONFLICT', message: "Execution 'fixed' already exists with a different request" }),
    );
    expect((await store.list({ limit: 10 })).items).toHaveLength(1);
  });

  it('rejects an invalid graph with every issue as a detail and stores nothing', async () => {
    const { executions, store } = service();
    const graph = {
      processes: { a: { component: 'nope' }, d: { component: 'double' } },
      connections: [{ from: { nodeId: 'd', portId: 'out' }, to: { nodeId: 'x', portId: 'in' } }],
    };
    let thrown: unknown;
    try {
      await executions.start({ graph_json: graph, input: {}, metadata: {} }, { source: 'test' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details!.length).toBeGreaterThanOrEqual(2);
    expect(error.details!.every((d) => d.path.startsWith('graph_json.'))).toBe(true);
    expect(error.message).toContain('nope');
    expect((await store.list({ limit: 10 })).items).toHaveLength(0);
  });

  it('queues executions beyond the concurrency limit and cancels a queued one without running it', async () => {
    const { executions, store } = service({ maxConcurrentExecutions: 1 });
    await executions.start({ graph_json: waitGraph(), input: {}, metadata: {} }, { source: 'test' });
    const second = await executions.start({ graph_json: waitGraph(), input: {}, metadata: {} }, { source: 'test' });
    expect(second.execution.status).toBe('queued');
    const cancelled = await executions.cancel('id-2');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.result).toMatchObject({ success: false, errors: [{ message: 'Execution cancelled before it started' }] });
    expect((await store.readEvents('id-2', 1, 10)).map((e) => e._type)).toEqual(['Cancelled']);
    await executions.cancel('id-1');
    expect((await executions.get('id-1')).status).toBe('cancelled');
  });

  it('cancels a running execution, stopping its actors, and refuses to cancel it twice', async () => {
    const { executions } = service();
    await executions.start({ graph_json: waitGraph(), input: {}, metadata: {} }, { source: 'test' });
    for (let i = 0; i < 100 && (await executions.get('id-1')).status !== 'running'; i += 1) await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    const record = await executions.cancel('id-1');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(record.status).toBe('cancelled');
    await expect(executions.cancel('id-1')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await executions.get('id-1')).status).toBe('cancelled');
  });

  it('fails a run that outlives its timeout', async () => {
    const { executions } = service();
    await executions.start({ graph_json: waitGraph(), input: {}, metadata: { timeout_ms: 50 } }, { source: 'test' });
    const done = await finished(executions, 'id-1');
    expect(done.status).toBe('failed');
    expect(done.result!.errors[0].message).toMatch(/timed out/i);
  });

  it('marks executions left unfinished by a previous process as failed when they do not resume', async () => {
    const store = new MemoryExecutionStore();
    store.insert({
      id: 'old',
      status: 'running',
      workflowId: 'w',
      source: 'http_api',
      nodeId: 'local',
      fingerprint: 'f',
      request: { graph_json: { processes: {} }, input: {}, metadata: { resume_if_interrupted: false } },
      result: null,
      createdAt: 1,
      startedAt: 2,
      endedAt: null,
    });
    store.appendEvent('old', { _type: 'NetworkStarted', seq: 1, timestamp: 2, executionId: 'old', workflowId: 'w' });
    const executions = new ExecutionService({ catalogue, store });
    expect(await executions.recoverInterrupted()).toEqual({ resumed: 0, failed: 1 });
    const record = await executions.get('old');
    expect(record.status).toBe('failed');
    expect(record.result!.errors[0].message).toBe('The server stopped while this execution was running');
    expect((await store.readEvents('old', 1, 10)).map((e: EngineEvent) => [e.seq, e._type])).toEqual([
      [1, 'NetworkStarted'],
      [2, 'Failed'],
    ]);
  });

  it('notifies watchers of every append until they stop watching', async () => {
    const { executions } = service();
    let calls = 0;
    const stop = executions.watch('watched', () => (calls += 1));
    const { execution } = await executions.start({ graph_json: doubleGraph, input: { n: 1 }, metadata: { execution_id: 'watched' } }, { source: 'test' });
    await finished(executions, execution.id);
    expect(calls).toBe((await executions.readEvents(execution.id, 1, 100)).lastSeq);
    expect(calls).toBeGreaterThan(0);
    stop();
    // A watcher that stopped hears of nothing more: the cancel's events reach only the one still watching.
    const { execution: waiting } = await executions.start({ graph_json: waitGraph(), input: {}, metadata: {} }, { source: 'test' });
    let stoppedCalls = 0;
    let liveCalls = 0;
    executions.watch(waiting.id, () => (stoppedCalls += 1))();
    executions.watch(waiting.id, () => (liveCalls += 1));
    await executions.cancel(waiting.id);
    await finished(executions, waiting.id);
    expect(stoppedCalls).toBe(0);
    expect(liveCalls).toBeGreaterThan(0);
  });

  it('posts the final state to the webhook URL', async () => {
    const received: unknown[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const { executions } = service({ webhooks: new WebhookNotifier() });
      await executions.start({ graph_json: doubleGraph, input: { n: 4 }, metadata: { webhook_url: url } }, { source: 'test' });
      await finished(executions, 'id-1');
      for (let i = 0; i < 200 && received.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
      expect(received).toEqual([
        expect.objectContaining({ execution_id: 'id-1', status: 'completed', result: expect.objectContaining({ outputs: { result: 8 } }) }),
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('accepts nothing new once shutting down', async () => {
    const { executions } = service();
    await executions.shutdown(0);
    await expect(executions.start({ graph_json: doubleGraph, input: { n: 1 }, metadata: {} }, { source: 'test' })).rejects.toEqual(
      expect.objectContaining({ code: 'UNAVAILABLE' }),
    );
  });
});
