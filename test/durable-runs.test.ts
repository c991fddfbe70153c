import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GraphJson } from '../model';
import { createWorkflowClient } from '../client';
import { closedPort } from './support/closed-port';
import { type TestCluster, testCluster } from './support/cluster-nodes';
import { queuedExecutionIds } from './support/queued-jobs';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { waitFor } from './support/wait-for';

/** A local service with effects: it counts each call by path, echoes /first and /second (and /tick after a second), and never answers /hang. */
interface CounterServer {
  url: string;
  calls: Record<string, number>;
  close(): Promise<void>;
}

async function startCounterServer(): Promise<CounterServer> {
  const calls: Record<string, number> = {};
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      calls[path] = (calls[path] ?? 0) + 1;
      if (path === '/hang') return void held.push(response);
      response.setHeader('content-type', 'application/json');
      const answer = () => response.end(JSON.stringify({ step: path.slice(1), received: JSON.parse(body || 'null') as unknown }));
      if (path === '/tick') setTimeout(answer, 1000);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const post = (url: string) => ({ component: 'tpl_http_request', metadata: { config: { url, method: 'POST', retryCount: 0, timeout: 30_000 } } });

/** POST /first, sleep in a sandboxed Python script, POST /second; the run's output is what /second answered. */
function errand(base: string, sleepSeconds: number): GraphJson {
  return {
    properties: { name: 'errand' },
    processes: {
      first: post(`${base}/first`),
      nap: {
        component: 'tpl_python_script',
        metadata: { config: { script: `import time\ntime.sleep(${sleepSeconds})\nreturn {'order': data['body']['received']['order'], 'after': data['body']['step']}` } },
      },
      second: post(`${base}/second`),
    },
    connections: [
      { from: { nodeId: 'first', portId: 'response-out' }, to: { nodeId: 'nap', portId: 'data-in' } },
      { from: { nodeId: 'nap', portId: 'result-out' }, to: { nodeId: 'second', portId: 'data-in' } },
    ],
    inports: { order: { process: 'first', port: 'data-in' } },
    outports: { result: { process: 'second', port: 'response-out' } },
    groups: [],
  };
}

interface View {
  status: string;
  node_id: string | null;
  result: { outputs: Record<string, { body: unknown }>; errors: { node_id?: string; message: string }[] } | null;
}
type LoggedEvent = { _type: string; seq: number; nodeId?: string; actorId?: string };

async function view(url: string, id: string): Promise<View> {
  return ((await (await fetch(`${url}/workflows/${id}`)).json()) as { data: View }).data;
}

async function eventsOf(url: string, id: string): Promise<LoggedEvent[]> {
  return ((await (await fetch(`${url}/workflows/${id}/events?limit=1000`)).json()) as { data: { events: LoggedEvent[] } }).data.events;
}

async function start(url: string, graph: GraphJson, id: string, input: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ graph_json: graph, input, metadata: { execution_id: id } }) });
  if (response.status !== 200) throw new Error(`start of ${id} answered ${response.status}: ${await response.text()}`);
}

const napping = async (url: string, id: string): Promise<boolean> => (await eventsOf(url, id)).some((event) => event._type === 'ActorStarted' && event.actorId === 'nap');

const ended = async (url: string, ids: readonly string[]): Promise<boolean> =>
  (await Promise.all(ids.map((id) => view(url, id)))).every((run) => ['completed', 'failed', 'cancelled'].includes(run.status));

/** What /second answered for an order: the same whether the run was interrupted or not. */
const answerFor = (order: string) => ({ step: 'second', received: { order, after: 'first' } });

/** Checks that each run completed with the answer of an uninterrupted run, and its one gapless log says where it resumed. */
async function expectFinishedAsIfUninterrupted(url: string, ids: readonly string[], resumedOn: string): Promise<void> {
  for (const id of ids) {
    const run = await view(url, id);
    expect({ id, status: run.status, errors: run.result?.errors }).toEqual({ id, status: 'completed', errors: [] });
    expect(run.result!.outputs.result.body).toEqual(answerFor(id));
    const events = await eventsOf(url, id);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((event) => event._type === 'ExecutionResumed').map((event) => event.nodeId)).toEqual([resumedOn]);
    expect(events.filter((event) => event._type === 'ActorStarted' && event.actorId === 'first')).toHaveLength(1);
  }
}

describe('durable runs', () => {
  let counter: CounterServer;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    counter = await startCounterServer();
    dataDir = mkdtempSync(join(tmpdir(), 'durable-runs-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await counter.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    for (const path of Object.keys(counter.calls)) delete counter.calls[path];
  });

  it('resume after kill -9: six runs complete as an uninterrupted one does, each effect made exactly once, and the SDK keeps waiting', async () => {
    // One port for both processes, as behind a fixed address, so that the SDK's wait outlives the restart.
    const options = ['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0', '--port', String(await closedPort())];
    const first = await startServerProcess(options);
    servers.push(first);
    const ids = Array.from({ length: 6 }, (_, i) => `order-${i}`);
    for (const id of ids) await start(first.url, errand(counter.url, 4), id, { order: { order: id } });
    await waitFor(async () => (await Promise.all(ids.map((id) => napping(first.url, id)))).every(Boolean), { what: 'the six runs to sleep', timeoutMs: 20_000 });
    expect(counter.calls).toEqual({ '/first': 6 });
    let following = false;
    const watching: typeof fetch = (input, init) => {
      if (new URL(new Request(input, init).url).pathname.endsWith('/events')) following = true;
      return fetch(input, init);
    };
    const waiting = createWorkflowClient({ baseUrl: first.url, fetch: watching }).waitForCompletion(ids[0], { timeoutMs: 60_000 });
    await waitFor(() => following, { what: 'the SDK to follow the run' });
    await first.stop('SIGKILL');

    const second = await startServerProcess(options);
    servers.push(second);
    expect(second.url).toBe(first.url);
    expect(await waiting).toMatchObject({ id: ids[0], status: 'completed' });
    await waitFor(() => ended(second.url, ids), { what: 'the resumed runs to end', timeoutMs: 30_000, intervalMs: 200 });
    expect(counter.calls).toEqual({ '/first': 6, '/second': 6 });
    await expectFinishedAsIfUninterrupted(second.url, ids, (await view(second.url, ids[0])).node_id!);

    // The same errand without a crash answers the same.
    await start(second.url, errand(counter.url, 0), 'calm', { order: { order: 'calm' } });
    await waitFor(() => ended(second.url, ['calm']), { what: 'the uninterrupted run to end', timeoutMs: 20_000 });
    expect((await view(second.url, 'calm')).result!.outputs.result.body).toEqual(answerFor('calm'));
    await second.stop('SIGKILL');
  }, 90_000);

  it('fails a run interrupted in the middle of a POST, naming the node, and never sends it twice', async () => {
    const graph: GraphJson = { properties: { name: 'hang' }, processes: { hang: post(`${counter.url}/hang`) }, connections: [], inports: {}, outports: {}, groups: [] };
    const first = await startServerProcess(['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0']);
    servers.push(first);
    await start(first.url, graph, 'hung', {});
    await waitFor(() => counter.calls['/hang'] === 1, { what: 'the POST to arrive', timeoutMs: 10_000 });
    await first.stop('SIGKILL');

    const second = await startServerProcess(['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0']);
    servers.push(second);
    await waitFor(() => ended(second.url, ['hung']), { what: 'the interrupted run to end', timeoutMs: 20_000 });
    const run = await view(second.url, 'hung');
    expect(run.status).toBe('failed');
    expect(run.result!.errors).toEqual([{ node_id: 'hang', message: 'interrupted during a side effect that is not repeated automatically' }]);
    expect(counter.calls).toEqual({ '/hang': 1 });
    const events = await eventsOf(second.url, 'hung');
    expect(events.map((event) => event._type).slice(-3)).toEqual(['ExecutionResumed', 'ActorFailed', 'Failed']);
    await second.stop('SIGKILL');
  }, 60_000);

  it('loses no accepted run to kill -9 under load: each one completes after the restart, its log gapless', async () => {
    const options = ['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0'];
    const graph: GraphJson = {
      properties: { name: 'tick' },
      processes: { tick: { component: 'tpl_http_request', metadata: { config: { url: `${counter.url}/tick`, method: 'GET', retryCount: 0 } } } },
      connections: [],
      inports: {},
      outports: { result: { process: 'tick', port: 'response-out' } },
      groups: [],
    };
    const first = await startServerProcess(options);
    servers.push(first);
    const accepted: string[] = [];
    let killed = false;
    const post = async (id: string): Promise<void> => {
      const response = await fetch(`${first.url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ graph_json: graph, metadata: { execution_id: id } }) }).catch(() => undefined);
      if (response?.status === 200) accepted.push(id);
    };
    const posting = (async () => {
      for (let batch = 0; batch < 30 && !killed; batch += 1) await Promise.all(Array.from({ length: 10 }, (_, i) => post(`load-${batch}-${i}`)));
    })();
    await waitFor(() => accepted.length >= 100, { what: '100 starts to be accepted', timeoutMs: 20_000 });
    killed = true;
    await first.stop('SIGKILL');
    await posting;

    const second = await startServerProcess(options);
    servers.push(second);
    await waitFor(() => ended(second.url, accepted), { what: 'every accepted run to end', timeoutMs: 60_000, intervalMs: 500 });
    for (const id of accepted) {
      const run = await view(second.url, id);
      expect({ id, status: run.status }).toEqual({ id, status: 'completed' });
      const events = await eventsOf(second.url, id);
      expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
      expect(events.filter((event) => event._type === 'ExecutionResumed').length).toBeLessThanOrEqual(1);
    }
    await second.stop('SIGKILL');
  }, 120_000);

  describe('in a cluster', () => {
    let cluster: TestCluster;
    beforeAll(() => {
      cluster = testCluster('durable');
    });
    afterAll(() => cluster.destroy(), 30_000);

    it('kill -9 of the node that runs them: the other node finishes them, each effect made exactly once, and a cancel reaches a moved run from any node', async () => {
      const timeout = ['--node-failure-timeout-ms', '3000'];
      // Every node is up before the runs start: a node runs what it is given while it has slots, so they all run on
      // the victim, with no job in the queue for another node to take.
      const [victim, survivor, observer] = await Promise.all(['victim', 'survivor', 'observer'].map((id) => cluster.start(id, timeout)));
      const ids = Array.from({ length: 6 }, (_, i) => `cluster-order-${i}`);
      for (const id of ids) await start(victim.url, errand(counter.url, 12), id, { order: { order: id } });
      await start(victim.url, errand(counter.url, 120), 'cluster-long', { order: { order: 'cluster-long' } });
      const all = [...ids, 'cluster-long'];
      await waitFor(async () => (await Promise.all(all.map((id) => napping(victim.url, id)))).every(Boolean), { what: 'the seven runs to sleep', timeoutMs: 20_000 });
      for (const id of all) expect((await view(observer.url, id)).node_id).toBe('victim');
      expect(await queuedExecutionIds(cluster.namespace)).toEqual([]);
      victim.child.kill('SIGKILL');
      await waitFor(() => ended(survivor.url, ids), { what: 'the survivor to finish the runs', timeoutMs: 40_000, intervalMs: 200 });
      expect(counter.calls).toEqual({ '/first': 7, '/second': 6 });
      const resumedOn = (await view(survivor.url, ids[0])).node_id!;
      expect(['survivor', 'observer']).toContain(resumedOn);
      for (const id of ids) await expectFinishedAsIfUninterrupted(survivor.url, [id], (await view(survivor.url, id)).node_id!);

      // The long run sleeps again on the node that took it; a cancel asked on another node reaches it there.
      await waitFor(async () => (await view(survivor.url, 'cluster-long')).node_id !== 'victim', { what: 'the long run to move', timeoutMs: 20_000 });
      const owner = (await view(survivor.url, 'cluster-long')).node_id;
      const elsewhere = owner === 'survivor' ? observer : survivor;
      const cancelled = await fetch(`${elsewhere.url}/workflows/cluster-long/cancel`, { method: 'POST' });
      expect(cancelled.status).toBe(200);
      expect(await view(elsewhere.url, 'cluster-long')).toMatchObject({ status: 'cancelled', node_id: owner });
      expect(counter.calls['/second']).toBe(6);
    }, 90_000);
  });
});
