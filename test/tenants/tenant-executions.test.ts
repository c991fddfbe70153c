import WebSocket from 'ws';
import { clockGraph, multiplyGraph } from '../support/graphs';
import { type TestApp, startTestApp } from '../support/test-app';
import { sendWithToken } from '../support/token-call';

const ACME = 'acme-runner-token-0123456789';
const GLOBEX = 'globex-runner-token-0123456789';
const OPS = 'ops-admin-token-0123456789abc';

const AUTH_TOKENS = [
  OPS,
  { token: ACME, name: 'acme-ci', scopes: ['run'], tenant: 'acme' },
  { token: GLOBEX, name: 'globex-ci', scopes: ['admin'], tenant: 'globex' },
];

describe('executions of two tenants on one service', () => {
  let app: TestApp;
  const call = (token: string, method: string, path: string, body?: unknown) => sendWithToken(app.url, token, method, path, body);
  const start = async (token: string, graph = multiplyGraph(), metadata: Record<string, unknown> = {}, input: Record<string, unknown> = { x: 2, y: 3 }) => {
    const answer = await call(token, 'POST', '/workflows', { graph_json: graph, input, metadata });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { execution_id: string } }).data.execution_id;
  };

  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: AUTH_TOKENS } });
  });
  afterAll(() => app.close());

  it('records each run with the tenant of its token, and lists only that tenant to its tokens', async () => {
    const acmeRun = await start(ACME);
    const globexRun = await start(GLOBEX);
    const opsRun = await start(OPS);
    expect((await app.executions.get(acmeRun)).tenant).toBe('acme');
    expect((await app.executions.get(globexRun)).tenant).toBe('globex');
    expect((await app.executions.get(opsRun)).tenant).toBeUndefined();
    const ids = async (token: string) =>
      ((await (await call(token, 'GET', '/workflows?limit=100')).json()) as { data: { items: { id: string }[] } }).data.items.map((item) => item.id);
    expect(await ids(ACME)).toEqual([acmeRun]);
    expect(await ids(GLOBEX)).toEqual([globexRun]);
    expect(new Set(await ids(OPS))).toEqual(new Set([acmeRun, globexRun, opsRun]));
  });

  it("answers another tenant's execution 404 on every route, as an unknown id, and changes nothing", async () => {
    const acmeRun = await start(ACME, clockGraph(), {}, {});
    const unknown = await call(GLOBEX, 'GET', '/workflows/no-such-execution');
    const unknownBody = (await unknown.json()) as { error: string };
    for (const [method, path] of [
      ['GET', `/workflows/${acmeRun}`],
      ['GET', `/workflows/${acmeRun}/request`],
      ['GET', `/workflows/${acmeRun}/events`],
      ['POST', `/workflows/${acmeRun}/cancel`],
      ['DELETE', `/workflows/${acmeRun}`],
    ] as const) {
      const answer = await call(GLOBEX, method, path);
      expect([method, path, answer.status]).toEqual([method, path, 404]);
      const body = (await answer.json()) as { success: boolean; code: string; error: string };
      expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(body.error).toBe(unknownBody.error.replace('no-such-execution', acmeRun));
    }
    const sse = await fetch(`${app.url}/workflows/${acmeRun}/events`, { headers: { authorization: `Bearer ${GLOBEX}`, accept: 'text/event-stream' } });
    expect(sse.status).toBe(404);
    const record = await app.executions.get(acmeRun);
    expect(record.status).not.toBe('cancelled');
    expect((await call(ACME, 'GET', `/workflows/${acmeRun}`)).status).toBe(200);
  });

  it("refuses a subscription or cancel over /ws to another tenant's run as not found", async () => {
    const acmeRun = await start(ACME, clockGraph(), {}, {});
    const socket = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${GLOBEX}` } });
    const replies: Record<string, unknown>[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: acmeRun, request_id: 's' }));
    socket.send(JSON.stringify({ type: 'cancel_workflow', execution_id: acmeRun, request_id: 'c' }));
    while (replies.filter((reply) => reply.request_id !== undefined).length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    socket.close();
    expect(replies.find((reply) => reply.request_id === 's')).toMatchObject({ type: 'subscription_ack', success: false, code: 'NOT_FOUND' });
    expect(replies.find((reply) => reply.request_id === 'c')).toMatchObject({ type: 'workflow_cancelled', success: false, code: 'NOT_FOUND' });
    expect(replies.some((reply) => reply.type === 'execution_event' || reply.type === 'event')).toBe(false);
    expect((await app.executions.get(acmeRun)).status).not.toBe('cancelled');
  });

  it("answers a start reusing another tenant's execution id with a conflict that tells nothing of it", async () => {
    await start(ACME, multiplyGraph(), { execution_id: 'shared-id-1' });
    const answer = await call(GLOBEX, 'POST', '/workflows', { graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: 'shared-id-1' } });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { code: string }).code).toBe('CONFLICT');
    expect((await app.executions.get('shared-id-1')).tenant).toBe('acme');
    const again = await call(ACME, 'POST', '/workflows', { graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: 'shared-id-1' } });
    expect(again.status).toBe(200);
  });
});
