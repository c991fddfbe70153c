import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { type AuditEntry } from '../../model';
import { type TestCluster, testCluster } from '../support/cluster-nodes';
import { httpGetGraph } from '../support/graphs';
import { type HeldServer, startHeldServer } from '../support/held-server';
import { waitFor } from '../support/wait-for';

const ACME = 'acme-runner-token-0123456789';
const GLOBEX = 'globex-admin-token-0123456789';
const OPS = 'ops-admin-token-0123456789abc';

// Globex's token may do everything, so that each refusal below comes from the tenant check, never a scope.
const AUTH_TOKENS = JSON.stringify([
  OPS,
  { token: ACME, name: 'acme-ci', scopes: ['run'], tenant: 'acme' },
  { token: GLOBEX, name: 'globex-admin', scopes: ['admin'], tenant: 'globex' },
]);

type Body = { success: boolean; code?: string; error?: string; data?: Record<string, unknown>; timestamp?: number };
type Frame = {
  type: string;
  success?: boolean;
  code?: string;
  error?: string;
  execution_id?: string;
  request_id?: string;
  event?: { _type: string; seq: number };
};

/** A /ws connection to `url` with `token`, keeping every frame it is sent. */
async function openSocket(url: string, token: string): Promise<{ frames: Frame[]; send(message: object): void; close(): void }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers: { authorization: `Bearer ${token}` } });
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { frames, send: (message) => socket.send(JSON.stringify(message)), close: () => socket.close() };
}

describe('two tenants on a cluster of two nodes', () => {
  let held: HeldServer;
  let cluster: TestCluster;
  let node1: string;
  let node2: string;

  const call = async (url: string, token: string, method: string, path: string, accept = 'application/json') => {
    const answer = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, accept } });
    return { status: answer.status, body: (await answer.json()) as Body };
  };
  // An answer as it would read for another id: the envelope without its time, the id in its message swapped.
  const asFor = (body: Body, from: string, to: string) => ({ ...body, timestamp: undefined, error: body.error?.split(from).join(to) });

  beforeAll(async () => {
    held = await startHeldServer();
    cluster = testCluster('tenants2');
    const env = { ENGINE_AUTH_TOKENS: AUTH_TOKENS };
    [node1, node2] = (await Promise.all([cluster.start('node-1', [], env), cluster.start('node-2', [], env)])).map((node) => node.url);
  }, 60_000);
  afterAll(async () => {
    held.release();
    await cluster.destroy();
    await held.close();
  }, 30_000);

  it("keeps acme's run started on node 1 out of globex's reach on node 2, while acme follows it there to its end", async () => {
    held.hold();
    const started = await fetch(`${node1}/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME}`, 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: httpGetGraph(held.url) }),
    });
    expect(started.status).toBe(200);
    const run = ((await started.json()) as { data: { execution_id: string } }).data.execution_id;
    await waitFor(() => held.held > 0, { what: "acme's run to call the held server", timeoutMs: 15_000 });
    const before = await call(node1, OPS, 'GET', `/workflows/${run}`);
    expect(before.body.data).toMatchObject({ status: 'running', tenant: 'acme' });
    const eventsBefore = (await call(node1, OPS, 'GET', `/workflows/${run}/events?limit=1000`)).body.data!.events;

    // Through node 2, each route answers globex exactly as it answers an id that does not exist.
    const unknown = `no-such-execution-${randomUUID()}`;
    const routes = [
      ['GET', '/workflows/{id}'],
      ['GET', '/workflows/{id}/request'],
      ['GET', '/workflows/{id}/events'],
      ['POST', '/workflows/{id}/cancel'],
      ['DELETE', '/workflows/{id}'],
    ] as const;
    for (const [method, path] of routes) {
      const expected = await call(node2, GLOBEX, method, path.replace('{id}', unknown));
      const answer = await call(node2, GLOBEX, method, path.replace('{id}', run));
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
      expect(asFor(answer.body, run, unknown)).toEqual(asFor(expected.body, unknown, unknown));
    }
    const sse = await call(node2, GLOBEX, 'GET', `/workflows/${run}/events`, 'text/event-stream');
    const sseUnknown = await call(node2, GLOBEX, 'GET', `/workflows/${unknown}/events`, 'text/event-stream');
    expect([sse.status, sse.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(asFor(sse.body, run, unknown)).toEqual(asFor(sseUnknown.body, unknown, unknown));
    const globexList = await call(node2, GLOBEX, 'GET', '/workflows?limit=100');
    expect(globexList.status).toBe(200);
    expect(globexList.body.data!.items).toEqual([]);

    const globexSocket = await openSocket(node2, GLOBEX);
    globexSocket.send({ type: 'subscribe_workflow', execution_id: run, request_id: 'theirs' });
    globexSocket.send({ type: 'subscribe_workflow', execution_id: unknown, request_id: 'unknown' });
    await waitFor(() => globexSocket.frames.length >= 2, { what: "globex's two acknowledgements", timeoutMs: 10_000 });
    const ack = globexSocket.frames.find((frame) => frame.request_id === 'theirs')!;
    const unknownAck = globexSocket.frames.find((frame) => frame.request_id === 'unknown')!;
    expect(ack).toMatchObject({ type: 'subscription_ack', success: false, code: 'NOT_FOUND', execution_id: run });
    expect({ ...ack, execution_id: unknown, request_id: 'unknown', error: ack.error?.split(run).join(unknown) }).toEqual(unknownAck);

    // Nothing of the run changed: it still runs, with the events it had.
    expect((await call(node1, OPS, 'GET', `/workflows/${run}`)).body.data).toMatchObject({ status: 'running', tenant: 'acme' });
    expect((await call(node1, OPS, 'GET', `/workflows/${run}/events?limit=1000`)).body.data!.events).toEqual(eventsBefore);

    // Acme, through node 2, sees the run, lists it and follows it over /ws to its end.
    expect((await call(node2, ACME, 'GET', `/workflows/${run}`)).body.data).toMatchObject({ id: run, status: 'running', tenant: 'acme' });
    expect(((await call(node2, ACME, 'GET', '/workflows?limit=100')).body.data!.items as { id: string }[]).map((item) => item.id)).toEqual([run]);
    const acmeSocket = await openSocket(node2, ACME);
    acmeSocket.send({ type: 'subscribe_workflow', execution_id: run, request_id: 'mine' });
    await waitFor(() => acmeSocket.frames.some((frame) => frame.request_id === 'mine'), { what: "acme's acknowledgement", timeoutMs: 10_000 });
    expect(acmeSocket.frames.find((frame) => frame.request_id === 'mine')).toMatchObject({ type: 'subscription_ack', success: true, execution_id: run });
    held.release();
    const ended = () => acmeSocket.frames.some((frame) => frame.event?._type === 'Completed');
    await waitFor(ended, { what: 'the Completed event on node 2', timeoutMs: 15_000 });
    acmeSocket.close();
    const streamed = acmeSocket.frames.filter((frame) => frame.type === 'network_event').map((frame) => frame.event!);
    expect(streamed.map((event) => event.seq)).toEqual(streamed.map((_, i) => i + 1));
    const logged = (await call(node2, ACME, 'GET', `/workflows/${run}/events?limit=1000`)).body.data!.events as { _type: string }[];
    expect(streamed.map((event) => event._type)).toEqual(logged.map((event) => event._type));
    expect(globexSocket.frames.some((frame) => frame.type === 'network_event')).toBe(false);
    globexSocket.close();

    // Finished, the run could be deleted: globex still cannot, and it stays.
    const deleted = await call(node2, GLOBEX, 'DELETE', `/workflows/${run}`);
    expect([deleted.status, deleted.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call(node1, OPS, 'GET', `/workflows/${run}`)).body.data).toMatchObject({ status: 'completed', tenant: 'acme' });

    // The cluster's one audit trail holds globex's refused cancel and deletes, under globex, whichever node took them.
    const trail = (await call(node1, OPS, 'GET', '/audit?limit=100&tenant=globex')).body.data!.items as AuditEntry[];
    expect(trail.filter((entry) => entry.target === run).map(({ action, outcome, tenant }) => [action, outcome, tenant])).toEqual([
      ['execution.delete', 404, 'globex'],
      ['execution.delete', 404, 'globex'],
      ['execution.cancel', 404, 'globex'],
    ]);
  }, 60_000);
});
