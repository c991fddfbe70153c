import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { GREETER_DEPLOYMENT } from '../../contract/example-workflows';
import { type AuditEntry } from '../../model';
import { type Logger } from '../../server/logger';
import { multiplyGraph } from '../support/graphs';
import { ProtocolClient } from '../support/protocol-client';
import { type TestApp, startTestApp } from '../support/test-app';

const ADMIN = 'audit-admin-token-0123456789';
const RUN = 'audit-runner-token-0123456789';
const DEPLOY = 'audit-deployer-token-012345678';
const READ = 'audit-reader-token-0123456789';
const TOKENS = [ADMIN, RUN, DEPLOY, READ];
/** The plain token has no name: the trail knows it by 12 hex digits of its SHA-256. */
const ADMIN_ID = `token:${createHash('sha256').update(ADMIN).digest('hex').slice(0, 12)}`;

/** The audit entries the service logged, in order. */
function capturingLogger(lines: string[], entries: AuditEntry[]): Logger {
  const keep = (fields: object, message?: string) => {
    lines.push(JSON.stringify({ fields, message }));
    const audit = (fields as { audit?: AuditEntry }).audit;
    if (audit !== undefined) entries.push(audit);
  };
  return { debug: keep, info: keep, warn: keep, error: keep };
}

describe('the audit trail', () => {
  let app: TestApp;
  const lines: string[] = [];
  const logged: AuditEntry[] = [];

  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const answer = await fetch(`${app.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as { data?: Record<string, unknown> } & Record<string, unknown> };
  };
  const audit = async (query: string, token = ADMIN) => {
    const answer = await call('GET', `/audit${query}`, token);
    return answer.body.data as { items: AuditEntry[]; next_cursor: string | null };
  };

  beforeAll(async () => {
    app = await startTestApp({
      config: {
        auth_tokens: [
          ADMIN,
          { token: RUN, name: 'runner', scopes: ['run'] },
          { sha256: createHash('sha256').update(DEPLOY).digest('hex'), name: 'deployer', scopes: ['deploy'] },
          { token: READ, name: 'reader', scopes: ['read'] },
        ],
      },
      logger: capturingLogger(lines, logged),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('records every kind of change, and every refused credential, as a log line and a row', async () => {
    const started = await call('POST', '/workflows', RUN, { graph_json: multiplyGraph(), input: { x: 2, y: 3 } });
    const executionId = started.body.data!.execution_id as string;
    await app.client.waitForCompletion(executionId);
    await call('POST', `/workflows/${executionId}/cancel`, RUN);
    await call('PATCH', `/workflows/${executionId}/nodes/mul/config`, ADMIN, { precision: 1 });
    await call('DELETE', `/workflows/${executionId}`, ADMIN);
    await call('POST', '/deployments', DEPLOY, GREETER_DEPLOYMENT);
    await call('POST', `/deployments/${GREETER_DEPLOYMENT.name}/pause`, DEPLOY);
    await call('POST', `/deployments/${GREETER_DEPLOYMENT.name}/resume`, DEPLOY);
    await call('PATCH', `/deployments/${GREETER_DEPLOYMENT.name}`, DEPLOY, { paused: false });
    await call('DELETE', `/deployments/${GREETER_DEPLOYMENT.name}`, DEPLOY);
    await call('POST', '/workflows', READ, { graph_json: multiplyGraph() });
    await call('GET', '/workflows', 'not-a-token-of-this-server');

    const ws = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${READ}` } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise((resolve) => ws.once('message', resolve));
    ws.send(JSON.stringify({ type: 'cancel_workflow', execution_id: 'someone-elses-run' }));
    await reply;
    ws.close();
    const protocol = await ProtocolClient.open(app.url, 'a-wrong-protocol-secret-123');
    protocol.send('graph', 'clear', { id: 'g' });
    await protocol.next('graph', 'error');
    protocol.close();

    const expected = [
      { actor: 'runner', action: 'execution.start', target: executionId, outcome: 200, channel: 'http' },
      { actor: 'runner', action: 'execution.cancel', target: executionId, outcome: 409, channel: 'http' },
      { actor: ADMIN_ID, action: 'node_config.patch', target: executionId, channel: 'http' },
      { actor: ADMIN_ID, action: 'execution.delete', target: executionId, outcome: 200, channel: 'http' },
      { actor: 'deployer', action: 'deployment.create', target: GREETER_DEPLOYMENT.name, outcome: 201, channel: 'http' },
      { actor: 'deployer', action: 'deployment.pause', target: GREETER_DEPLOYMENT.name, outcome: 200, channel: 'http' },
      { actor: 'deployer', action: 'deployment.resume', target: GREETER_DEPLOYMENT.name, outcome: 200, channel: 'http' },
      { actor: 'deployer', action: 'deployment.update', target: GREETER_DEPLOYMENT.name, outcome: 200, channel: 'http' },
      { actor: 'deployer', action: 'deployment.delete', target: GREETER_DEPLOYMENT.name, outcome: 200, channel: 'http' },
      { actor: 'reader', action: 'execution.start', target: null, outcome: 403, channel: 'http' },
      { actor: 'unauthenticated', action: 'auth.failed', target: null, outcome: 401, channel: 'http' },
      { actor: 'reader', action: 'execution.cancel', target: 'someone-elses-run', outcome: 403, channel: 'ws' },
      { actor: 'unauthenticated', action: 'auth.failed', target: null, outcome: 401, channel: 'fbp' },
    ];
    // No token of this server belongs to a tenant.
    expect(logged).toEqual(expected.map((entry) => expect.objectContaining({ ...entry, address: expect.stringMatching(/127\.0\.0\.1/), tenant: null })));
    const rows = (await audit('?limit=100')).items;
    expect(rows).toEqual([...logged].reverse());
    for (const line of lines) for (const token of TOKENS) expect(line).not.toContain(token);
  });

  it('filters by actor, action, outcome and time, and pages with a cursor', async () => {
    const all = (await audit('?limit=100')).items;
    expect((await audit('?actor=runner')).items.map((entry) => entry.action)).toEqual(['execution.cancel', 'execution.start']);
    expect((await audit('?action=auth.failed')).items.map((entry) => entry.channel)).toEqual(['fbp', 'http']);
    expect((await audit('?outcome=403')).items.map((entry) => entry.actor)).toEqual(['reader', 'reader']);
    const middle = all[4]!.at;
    const since = (await audit(`?since=${middle}&limit=100`)).items;
    expect(since.length).toBeGreaterThanOrEqual(5);
    expect(since.every((entry) => entry.at >= middle)).toBe(true);
    expect((await audit(`?until=${middle}&limit=100`)).items.every((entry) => entry.at < middle)).toBe(true);

    const paged: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: AuditEntry[]; next_cursor: string | null } = await audit(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(paged.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    expect((await call('GET', '/audit?cursor=nope', ADMIN)).status).toBe(400);
  });

  it('shows the trail to admin tokens only', async () => {
    for (const token of [RUN, DEPLOY, READ]) expect((await call('GET', '/audit', token)).status).toBe(403);
  });
});
