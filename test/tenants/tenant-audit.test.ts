import WebSocket from 'ws';
import { type AuditEntry } from '../../model';
import { multiplyGraph } from '../support/graphs';
import { type TestApp, startTestApp } from '../support/test-app';
import { sendWithToken } from '../support/token-call';

const OPS = 'ops-admin-token-0123456789abc';
const ACME_ADMIN = 'acme-admin-token-0123456789';
const ACME_RUN = 'acme-runner-token-0123456789';
const GLOBEX_ADMIN = 'globex-admin-token-0123456789';

const AUTH_TOKENS = [
  OPS,
  { token: ACME_ADMIN, name: 'acme-admin', scopes: ['admin'], tenant: 'acme' },
  { token: ACME_RUN, name: 'acme-ci', scopes: ['run'], tenant: 'acme' },
  { token: GLOBEX_ADMIN, name: 'globex-admin', scopes: ['admin'], tenant: 'globex' },
];

type AuditPage = { items: AuditEntry[]; next_cursor: string | null };

describe('the audit trail of two tenants on one service', () => {
  let app: TestApp;
  const call = (token: string, method: string, path: string, body?: unknown) => sendWithToken(app.url, token, method, path, body);
  const audit = async (token: string, query = '') => {
    const answer = await call(token, 'GET', `/audit?limit=100${query}`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: AuditPage }).data;
  };
  const start = async (token: string) => {
    const answer = await call(token, 'POST', '/workflows', { graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { execution_id: string } }).data.execution_id;
  };
  // The audited calls: starts over HTTP by each kind of token, a cancel over /ws by acme, a refused token.
  let runs: { acme: string; globex: string; ops: string };

  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: AUTH_TOKENS } });
    runs = { acme: await start(ACME_RUN), globex: await start(GLOBEX_ADMIN), ops: await start(OPS) };
    const socket = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${ACME_RUN}` } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const reply = new Promise((resolve) => socket.once('message', resolve));
    socket.send(JSON.stringify({ type: 'cancel_workflow', execution_id: runs.globex, request_id: 'c' }));
    await reply;
    socket.close();
    expect((await call('not-a-token-of-this-server', 'GET', '/workflows')).status).toBe(401);
  });
  afterAll(() => app.close());

  it("records each call with its caller's tenant, and a refused credential with none", async () => {
    const { items } = await audit(OPS);
    const summary = items.map(({ actor, action, target, outcome, channel, tenant }) => ({ actor, action, target, outcome, channel, tenant }));
    // Calls answered within one millisecond are ordered by their random ids: compare without order.
    expect(summary).toHaveLength(5);
    expect(summary).toEqual(
      expect.arrayContaining([
        { actor: 'unauthenticated', action: 'auth.failed', target: null, outcome: 401, channel: 'http', tenant: null },
        // Another tenant's run is unknown to acme: the cancel is recorded as the 404 it got, under acme.
        { actor: 'acme-ci', action: 'execution.cancel', target: runs.globex, outcome: 404, channel: 'ws', tenant: 'acme' },
        { actor: expect.stringMatching(/^token:[0-9a-f]{12}$/), action: 'execution.start', target: runs.ops, outcome: 200, channel: 'http', tenant: null },
        { actor: 'globex-admin', action: 'execution.start', target: runs.globex, outcome: 200, channel: 'http', tenant: 'globex' },
        { actor: 'acme-ci', action: 'execution.start', target: runs.acme, outcome: 200, channel: 'http', tenant: 'acme' },
      ]),
    );
  });

  it('lets an admin of no tenant filter by tenant', async () => {
    expect((await audit(OPS, '&tenant=acme')).items.map((entry) => [entry.action, entry.channel])).toEqual([
      ['execution.cancel', 'ws'],
      ['execution.start', 'http'],
    ]);
    expect((await audit(OPS, '&tenant=globex')).items.map((entry) => entry.target)).toEqual([runs.globex]);
    expect((await audit(OPS, '&tenant=initech')).items).toEqual([]);
  });

  it("shows an admin of a tenant its tenant's entries alone, whatever its filter names", async () => {
    const acme = await audit(ACME_ADMIN);
    expect(acme.items.map((entry) => entry.tenant)).toEqual(['acme', 'acme']);
    expect(acme.items.map((entry) => entry.target)).toEqual([runs.globex, runs.acme]);
    expect(await audit(ACME_ADMIN, '&tenant=acme')).toEqual(acme);
    expect(await audit(ACME_ADMIN, '&tenant=globex')).toEqual({ items: [], next_cursor: null });
    expect(await audit(ACME_ADMIN, '&action=auth.failed')).toEqual({ items: [], next_cursor: null });
    expect((await audit(GLOBEX_ADMIN)).items.map((entry) => [entry.actor, entry.target])).toEqual([['globex-admin', runs.globex]]);
  });

  it("pages an admin of a tenant through its tenant's entries alone", async () => {
    const first = await call(ACME_ADMIN, 'GET', '/audit?limit=1');
    const page = ((await first.json()) as { data: AuditPage }).data;
    expect(page.items.map((entry) => entry.target)).toEqual([runs.globex]);
    expect(page.next_cursor).not.toBeNull();
    const second = await audit(ACME_ADMIN, `&cursor=${page.next_cursor}`);
    expect(second).toEqual({ items: [expect.objectContaining({ target: runs.acme, tenant: 'acme' })], next_cursor: null });
  });

  it('refuses an empty tenant filter with a validation failure, and the trail to tokens without admin', async () => {
    const before = await audit(OPS);
    const empty = await call(OPS, 'GET', '/audit?tenant=');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const runner = await call(ACME_RUN, 'GET', '/audit');
    expect(runner.status).toBe(403);
    expect(await runner.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // Reads are not audited: the trail is as it was.
    expect(await audit(OPS)).toEqual(before);
  });
});
