import WebSocket from 'ws';
import { createWorkflowClient } from '../../client';
import { type GraphJson, httpGetGraph, multiplyGraph } from '../support/graphs';
import { type HeldServer, startHeldServer } from '../support/held-server';
import { type TestCluster, testCluster } from '../support/cluster-nodes';
import { queuedExecutionIds } from '../support/queued-jobs';
import { waitFor } from '../support/wait-for';

interface Envelope<T> {
  success: boolean;
  data: T;
}
interface ExecutionView {
  id: string;
  status: string;
  node_id: string | null;
  result: { errors: { message: string }[]; outputs: Record<string, unknown> } | null;
}
interface LoggedEvent {
  _type: string;
  seq: number;
}

async function execution(url: string, id: string): Promise<ExecutionView> {
  const response = await fetch(`${url}/workflows/${id}`);
  return ((await response.json()) as Envelope<ExecutionView>).data;
}

async function eventsOf(url: string, id: string): Promise<LoggedEvent[]> {
  const response = await fetch(`${url}/workflows/${id}/events?limit=1000`);
  return ((await response.json()) as Envelope<{ events: LoggedEvent[] }>).data.events;
}

async function start(url: string, graph: GraphJson, id: string, input: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): Promise<void> {
  const body = JSON.stringify({ graph_json: graph, input, metadata: { execution_id: id, ...metadata } });
  const response = await fetch(`${url}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (response.status !== 200) throw new Error(`start of ${id} answered ${response.status}: ${await response.text()}`);
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Every execution the cluster lists (through `url`), following the pages, with the given query. */
async function listAll(url: string, query = ''): Promise<{ id: string; source: string; status: string }[]> {
  const items: { id: string; source: string; status: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (
      await fetch(`${url}/workflows?limit=100${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)
    ).json()) as Envelope<{ items: typeof items; next_cursor: string | null }>;
    items.push(...page.data.items);
    cursor = page.data.next_cursor;
  } while (cursor !== null);
  return items;
}

describe('a cluster of service processes on Redis and PostgreSQL', () => {
  let held: HeldServer;
  beforeAll(async () => {
    held = await startHeldServer();
  });
  afterAll(() => held.close());

  describe('three nodes', () => {
    let cluster: TestCluster;
    let urls: string[];
    beforeAll(async () => {
      cluster = testCluster('cluster3');
      urls = (await Promise.all(['node-a', 'node-b', 'node-c'].map((id) => cluster.start(id)))).map((node) => node.url);
    }, 60_000);
    afterAll(() => cluster.destroy(), 30_000);

    it('starts a run on A, streams it live and in order to a subscriber on B, and cancels it from C', async () => {
      held.hold();
      const [a, b, c] = urls;
      await start(a, httpGetGraph(held.url), 'across');
      const socket = new WebSocket(`${b.replace(/^http/, 'ws')}/ws`);
      const frames: { type: string; event?: LoggedEvent; success?: boolean }[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: 'across', from_seq: 1 }));
      await waitFor(() => held.held > 0, { what: 'the run to call the held server', timeoutMs: 15_000 });
      const running = await execution(c, 'across');
      expect(running).toMatchObject({ status: 'running', node_id: expect.stringMatching(/^node-[abc]$/) });
      const cancelled = await fetch(`${c}/workflows/across/cancel`, { method: 'POST' });
      expect(cancelled.status).toBe(200);
      expect(await execution(a, 'across')).toMatchObject({ status: 'cancelled', node_id: running.node_id });
      await waitFor(() => frames.some((frame) => frame.event?._type === 'Cancelled'), { what: 'the Cancelled event on B', timeoutMs: 10_000 });
      socket.close();
      const streamed = frames.filter((frame) => frame.type === 'network_event').map((frame) => frame.event!);
      expect(streamed.map((event) => event.seq)).toEqual(streamed.map((_, i) => i + 1));
      expect(streamed.map((event) => event._type)).toEqual((await eventsOf(b, 'across')).map((event) => event._type));
      expect(streamed[streamed.length - 1]._type).toBe('Cancelled');
    }, 40_000);

    it('streams a run of one node as Server-Sent Events from another, live, to its end event', async () => {
      held.hold();
      await start(urls[0], httpGetGraph(held.url), 'streamed');
      await waitFor(async () => (await execution(urls[1], 'streamed')).status === 'running', { what: 'the run to start', timeoutMs: 15_000 });
      const owner = (await execution(urls[1], 'streamed')).node_id;
      const reader = urls[['node-a', 'node-b', 'node-c'].findIndex((id) => id !== owner)];
      const stream = await fetch(`${reader}/workflows/streamed/events`, { headers: { accept: 'text/event-stream' } });
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const text = stream.text();
      await waitFor(() => held.held > 0, { what: 'the held request', timeoutMs: 10_000 });
      held.release();
      const body = await text;
      const ids = [...body.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
      expect(ids).toEqual(ids.map((_, i) => i + 1));
      expect(ids.length).toBe((await eventsOf(urls[2], 'streamed')).length);
      expect(body).toMatch(/event: Completed\n/);
      expect(body.trimEnd()).toMatch(/event: end\ndata: \{"execution_id":"streamed","status":"completed"\}$/);
    }, 40_000);

    it('changes the configuration of a node of a run through any node, and answers 409 once it ended', async () => {
      held.hold();
      await start(urls[0], httpGetGraph(held.url), 'configured');
      await waitFor(async () => (await execution(urls[1], 'configured')).status === 'running', { what: 'the run to start', timeoutMs: 15_000 });
      const owner = (await execution(urls[1], 'configured')).node_id;
      const other = urls[['node-a', 'node-b', 'node-c'].findIndex((id) => id !== owner)];
      const patch = (url: string, config: unknown) =>
        fetch(`${url}/workflows/configured/nodes/fetch/config`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(config),
        });
      const config = { url: held.url, method: 'GET', timeout: 30_000, retryCount: 0 };
      expect((await patch(other, config)).status).toBe(200);
      const invalid = await patch(other, { ...config, timeout: 'soon' });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(
        (await fetch(`${other}/workflows/configured/nodes/nope/config`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{}' }))
          .status,
      ).toBe(404);
      await fetch(`${other}/workflows/configured/cancel`, { method: 'POST' });
      expect((await patch(other, config)).status).toBe(409);
    }, 40_000);

    it('runs 300 executions started on every node, each exactly once, spread over the nodes', async () => {
      const ids = Array.from({ length: 300 }, (_, i) => `many-${i}`);
      for (let i = 0; i < ids.length; i += 30) {
        await Promise.all(ids.slice(i, i + 30).map((id, j) => start(urls[(i + j) % 3], multiplyGraph(), id, { x: i + j, y: 2 })));
      }
      await waitFor(async () => (await listAll(urls[2], '&status=completed')).filter((item) => item.id.startsWith('many-')).length === 300, {
        what: '300 completed executions',
        timeoutMs: 60_000,
        intervalMs: 250,
      });
      const runners = new Map<string, number>();
      for (const id of ids.filter((_, i) => i % 10 === 0)) {
        const view = await execution(urls[1], id);
        expect(view.result?.outputs).toEqual({ product: Number(id.slice(5)) * 2 });
        const events = await eventsOf(urls[0], id);
        expect(events.filter((event) => event._type === 'NetworkStarted')).toHaveLength(1);
        expect(events.filter((event) => TERMINAL.has(event._type.toLowerCase()))).toHaveLength(1);
      }
      for (const id of ids) {
        const view = await execution(urls[(ids.indexOf(id) + 1) % 3], id);
        expect(view.status).toBe('completed');
        runners.set(view.node_id!, (runners.get(view.node_id!) ?? 0) + 1);
      }
      expect([...runners.values()].reduce((a, b) => a + b, 0)).toBe(300);
      expect(runners.size).toBeGreaterThanOrEqual(2);
    }, 120_000);

    it('runs a start on the node that received it, with no job, while that node has a free slot', async () => {
      for (const [i, url] of urls.entries()) await start(url, multiplyGraph(), `here-${i}`, { x: i, y: 3 });
      const client = createWorkflowClient({ baseUrl: urls[0] });
      for (const [i, nodeId] of ['node-a', 'node-b', 'node-c'].entries()) {
        expect(await client.waitForCompletion(`here-${i}`, { timeoutMs: 15_000 })).toMatchObject({
          status: 'completed',
          result: { outputs: { product: i * 3 } },
        });
        expect((await execution(urls[2], `here-${i}`)).node_id).toBe(nodeId);
        expect((await eventsOf(urls[1], `here-${i}`)).filter((event) => event._type === 'NetworkStarted')).toHaveLength(1);
      }
      expect((await queuedExecutionIds(cluster.namespace)).filter((id) => id.startsWith('here-'))).toEqual([]);
    }, 40_000);

    it('fires a cron deployment once per tick across the nodes, and answers its hooks on any node', async () => {
      const graph: GraphJson = {
        properties: { name: 'ticking' },
        processes: { tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '* * * * * *' } } } },
        connections: [],
      };
      const created = await fetch(`${urls[0]}/deployments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'every-second', graph_json: graph }),
      });
      expect(created.status).toBe(201);
      await waitFor(async () => (await fetch(`${urls[2]}/deployments/every-second`)).status === 200, { what: 'the deployment on C', timeoutMs: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 4500));
      expect((await fetch(`${urls[1]}/deployments/every-second`, { method: 'DELETE' })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const runs = (await listAll(urls[2])).filter((item) => item.source === 'trigger');
      const ticks = await Promise.all(
        runs.map(async (run) => {
          const request = (await (await fetch(`${urls[0]}/workflows/${run.id}/request`)).json()) as Envelope<{ metadata: { trigger: { timestamp: string } } }>;
          return request.data.metadata.trigger.timestamp;
        }),
      );
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(new Set(ticks).size).toBe(ticks.length);
      const echo: GraphJson = {
        processes: {
          request: { component: 'tpl_server_request', metadata: { config: { path: '/echo', method: 'POST' } } },
          pick: { component: 'tpl_javascript_script', metadata: { config: { script: 'return { echoed: data.body.word }' } } },
          respond: { component: 'tpl_server_response', metadata: { config: { statusCode: 201 } } },
        },
        connections: [
          { src: { process: 'request', port: 'request-out' }, tgt: { process: 'pick', port: 'data-in' } },
          { src: { process: 'pick', port: 'result-out' }, tgt: { process: 'respond', port: 'data-in' } },
        ],
      };
      const deployed = await fetch(`${urls[1]}/deployments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'echo', graph_json: echo }),
      });
      expect(deployed.status).toBe(201);
      for (const [i, url] of urls.entries()) {
        await waitFor(async () => (await fetch(`${url}/deployments/echo`)).status === 200, { what: `the hook's deployment on node ${i}`, timeoutMs: 5000 });
        const answer = await fetch(`${url}/hooks/echo/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ word: `w${i}` }),
        });
        expect(answer.status).toBe(201);
        expect(await answer.json()).toEqual({ echoed: `w${i}` });
        // The answer leaves before the run's last events: it is read from another node once it has ended.
        const id = answer.headers.get('x-execution-id')!;
        await waitFor(async () => (await execution(urls[(i + 1) % 3], id)).status === 'completed', { what: 'the hook run to end', timeoutMs: 5000 });
        expect((await execution(urls[(i + 1) % 3], id)).node_id).toBe(['node-a', 'node-b', 'node-c'][i]);
      }
    }, 40_000);

    it('pauses a deployment on every node from any node, answers 503 from its hooks meanwhile, and lists its runs from any node', async () => {
      const graph: GraphJson = {
        processes: {
          tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '* * * * * *' } } },
          request: { component: 'tpl_server_request', metadata: { config: { path: '/ping', method: 'POST' } } },
        },
        connections: [],
      };
      const send = async (url: string, method: string, path: string, body?: unknown) => {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Envelope<{ paused: boolean }> };
      };
      const [a, b, c] = urls;
      expect((await send(a, 'POST', '/deployments', { name: 'pausing', graph_json: graph })).status).toBe(201);
      const runs = async () =>
        ((await (await fetch(`${c}/workflows?deployment=pausing&limit=100`)).json()) as Envelope<{ items: unknown[] }>).data.items.length;
      await waitFor(async () => (await runs()) >= 2, { what: 'two ticks', timeoutMs: 8000 });
      expect((await send(b, 'POST', '/deployments/pausing/pause')).body.data.paused).toBe(true);
      await waitFor(async () => (await send(c, 'GET', '/deployments/pausing')).body.data.paused, { what: 'the pause on C', timeoutMs: 5000 });
      await waitFor(async () => (await send(a, 'GET', '/deployments/pausing')).body.data.paused, { what: 'the pause on A', timeoutMs: 5000 });
      const hook = await send(c, 'POST', '/hooks/pausing/ping', {});
      expect([hook.status, hook.retryAfter]).toEqual([503, '60']);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const atPause = await runs();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await runs()).toBe(atPause);
      expect((await send(c, 'POST', '/deployments/pausing/resume')).body.data.paused).toBe(false);
      await waitFor(async () => (await runs()) >= atPause + 2, { what: 'ticks after resuming', timeoutMs: 8000 });
      expect((await send(a, 'DELETE', '/deployments/pausing')).status).toBe(200);
    }, 40_000);
  });

  describe('a node killed with running executions', () => {
    let cluster: TestCluster;
    beforeAll(() => {
      cluster = testCluster('clusterkill');
    });
    afterAll(() => cluster.destroy(), 30_000);

    it('has its 20 running executions that do not resume marked failed within the failure timeout, and its queued ones run on the other node', async () => {
      held.hold();
      const timeout = ['--node-failure-timeout-ms', '3000'];
      const victim = await cluster.start('victim', [...timeout, '--max-concurrent-executions', '20']);
      const running = Array.from({ length: 20 }, (_, i) => `held-${i}`);
      for (const id of running) await start(victim.url, httpGetGraph(held.url), id, {}, { resume_if_interrupted: false });
      await waitFor(() => held.held === 20, { what: '20 runs holding a request', timeoutMs: 20_000 });
      const queued = Array.from({ length: 5 }, (_, i) => `queued-${i}`);
      for (const id of queued) await start(victim.url, multiplyGraph(), id, { x: 1, y: 1 });
      // The victim runs the first 20 itself, with no job; the five it has no slot for go through the queue.
      expect((await queuedExecutionIds(cluster.namespace)).sort()).toEqual([...queued].sort());
      const survivor = await cluster.start('survivor', timeout);
      const client = createWorkflowClient({ baseUrl: survivor.url });
      victim.child.kill('SIGKILL');
      const killedAt = Date.now();
      await waitFor(async () => (await Promise.all(running.map((id) => execution(survivor.url, id)))).every((view) => view.status === 'failed'), {
        what: 'the runs of the killed node to be marked failed',
        timeoutMs: 15_000,
        intervalMs: 200,
      });
      expect(Date.now() - killedAt).toBeLessThan(3000 + 6000);
      for (const id of running) {
        const view = await execution(survivor.url, id);
        expect(view).toMatchObject({ node_id: 'victim', result: { errors: [{ message: 'node victim stopped' }] } });
        const events = await eventsOf(survivor.url, id);
        expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
        expect(events[events.length - 1]._type).toBe('Failed');
      }
      for (const id of queued) {
        const done = await client.waitForCompletion(id, { timeoutMs: 20_000 });
        expect(done).toMatchObject({ status: 'completed' });
        expect((await execution(survivor.url, id)).node_id).toBe('survivor');
      }
    }, 90_000);
  });
});
