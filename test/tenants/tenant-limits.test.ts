import { type GraphJson } from '../../model';
import { httpGetGraph, multiplyGraph } from '../support/graphs';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';

const ACME = 'acme-runner-token-0123456789';
const GLOBEX = 'globex-runner-token-0123456789';
const OPS = 'ops-admin-token-0123456789abc';

/** A while loop sending a 40 KB text to a branch node 100 times: about 8 MB of events. */
const bulkyGraph: GraphJson = {
  processes: {
    loop: { component: 'tpl_loop', metadata: { config: { loopType: 'while', breakCondition: 'false', maxIterations: 100 } } },
    branch: { component: 'tpl_if_branch' },
  },
  connections: [
    { data: 'x'.repeat(40_000), to: { nodeId: 'loop', portId: 'items-in' } },
    { from: { nodeId: 'loop', portId: 'item-out' }, to: { nodeId: 'branch', portId: 'input-in' } },
  ],
};

describe("each tenant's limits on runs and event bytes", () => {
  let app: TestApp;
  let slow: SlowServer;
  const call = (token: string, body: unknown) =>
    fetch(`${app.url}/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const startSlow = async (token: string) => {
    const answer = await call(token, { graph_json: httpGetGraph(slow.url) });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { execution_id: string } }).data.execution_id;
  };
  const active = async (tenant: string | undefined) =>
    (await app.store.listUnfinished()).filter((record) => record.tenant === tenant).map((record) => record.id);

  beforeAll(async () => {
    slow = await startSlowServer(60_000);
    app = await startTestApp({
      config: {
        auth_tokens: [
          OPS,
          { token: ACME, name: 'acme-ci', scopes: ['run'], tenant: 'acme' },
          { token: GLOBEX, name: 'globex-ci', scopes: ['run'], tenant: 'globex' },
        ],
        tenants: { acme: { max_active_executions: 2, max_event_log_mb: 1 } },
      },
    });
  });
  afterAll(async () => {
    for (const record of await app.store.listUnfinished()) await app.executions.cancel(record.id).catch(() => undefined);
    await app.close();
    await slow.close();
  });

  it('refuses a start past max_active_executions with 409 LIMIT_REACHED and starts nothing, then takes one once a run ends', async () => {
    const first = await startSlow(ACME);
    await startSlow(ACME);
    const before = await active('acme');
    expect(before).toHaveLength(2);
    const refused = await call(ACME, { graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: 'acme-over-limit' } });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { success: boolean; code: string; error: string };
    expect(body).toMatchObject({ success: false, code: 'LIMIT_REACHED' });
    expect(body.error).toContain('max_active_executions = 2');
    expect(await active('acme')).toEqual(before);
    await expect(app.store.get('acme-over-limit')).resolves.toBeUndefined();
    // Other tenants and callers of no tenant are not held to acme's limit.
    await startSlow(GLOBEX);
    await startSlow(OPS);
    await startSlow(OPS);
    await app.executions.cancel(first);
    const again = await call(ACME, { graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    expect(again.status).toBe(200);
  });

  it('refuses a start over /ws past the limit in the same way', async () => {
    while ((await active('acme')).length < 2) await startSlow(ACME);
    const before = await active('acme');
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${ACME}` } });
    await new Promise((resolve) => socket.once('open', resolve));
    const reply = new Promise<Record<string, unknown>>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as Record<string, unknown>;
        if (message.request_id === 'w') resolve(message);
      });
    });
    socket.send(JSON.stringify({ type: 'start_workflow', request_id: 'w', data: { graph_json: multiplyGraph(), input: { x: 2, y: 3 } } }));
    expect(await reply).toMatchObject({ success: false, code: 'LIMIT_REACHED' });
    socket.close();
    expect(await active('acme')).toEqual(before);
  });

  it("caps a tenant's run at its own max_event_log_mb in place of the service's", async () => {
    for (const id of await active('acme')) await app.executions.cancel(id);
    const bytes = async (token: string) => {
      const answer = await call(token, { graph_json: bulkyGraph });
      expect(answer.status).toBe(200);
      const id = ((await answer.json()) as { data: { execution_id: string } }).data.execution_id;
      expect((await app.client.waitForCompletion(id, { via: 'polling', timeoutMs: 15_000 })).status).toBe('completed');
      const events = await app.store.readEvents(id, 1, 10_000_000);
      return {
        dropped: events.some((event) => event._type === 'EventsDropped'),
        bytes: events.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)), 0),
      };
    };
    const acme = await bytes(ACME);
    expect(acme.dropped).toBe(true);
    expect(acme.bytes).toBeLessThan(1.2 * 1024 * 1024);
    const globex = await bytes(GLOBEX);
    expect(globex.dropped).toBe(false);
    expect(globex.bytes).toBeGreaterThan(3 * 1024 * 1024);
  });
});
