import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { ClientMessageSchema, contract } from '../../contract';
import { type AccessScope, grantsScope } from '../../model';
import { ROUTE_ACCESS } from '../../server/http';
import { ProtocolClient } from '../support/protocol-client';
import { type TestApp, startTestApp } from '../support/test-app';

const ADMIN = 'plain-admin-token-0123456789';
const READ = 'reader-token-0123456789abc';
const RUN = 'runner-token-0123456789abc';
const DEPLOY = 'deployer-token-0123456789ab';
const HASHED_ADMIN = 'hashed-admin-token-0123456789';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each token of the test with the scopes it holds. */
const TOKENS: Record<string, readonly AccessScope[]> = {
  [ADMIN]: ['admin'],
  [READ]: ['read'],
  [RUN]: ['run'],
  [DEPLOY]: ['deploy'],
  [HASHED_ADMIN]: ['admin'],
};

const AUTH_TOKENS = [
  ADMIN,
  { token: READ, name: 'reader', scopes: ['read'] },
  { token: RUN, name: 'runner', scopes: ['run'] },
  { sha256: sha256(DEPLOY), name: 'deployer', scopes: ['deploy'] },
  { sha256: sha256(HASHED_ADMIN).toUpperCase(), scopes: ['admin'] },
];

/**
 * What each route of the contract needs, written out apart from the server's table: a route added to the contract
 * without an entry here fails the first test, and one whose rule changes fails the second.
 */
const EXPECTED: Record<string, AccessScope | 'public'> = {
  health: 'public',
  ready: 'public',
  listActors: 'read',
  getActor: 'read',
  validateGraph: 'read',
  convertIdeWorkflow: 'read',
  listWorkflows: 'read',
  getWorkflow: 'read',
  getWorkflowRequest: 'read',
  getWorkflowEvents: 'read',
  listDeployments: 'read',
  getDeployment: 'read',
  startWorkflow: 'run',
  executeIdeWorkflow: 'run',
  cancelWorkflow: 'run',
  createDeployment: 'deploy',
  updateDeployment: 'deploy',
  pauseDeployment: 'deploy',
  resumeDeployment: 'deploy',
  deleteDeployment: 'deploy',
  deleteWorkflow: 'admin',
  updateNodeConfig: 'admin',
  listAudit: 'admin',
};

/** What each `/ws` message type needs, written out the same way. */
const EXPECTED_WS: Record<string, AccessScope> = { start_workflow: 'run', cancel_workflow: 'run', subscribe_workflow: 'read', unsubscribe_workflow: 'read' };

const WS_FRAMES: Record<string, object> = {
  start_workflow: { type: 'start_workflow', data: { graph_fbp: "'1' -> A_IN mul(tpl_math_multiply)" } },
  cancel_workflow: { type: 'cancel_workflow', execution_id: 'no-such-run' },
  subscribe_workflow: { type: 'subscribe_workflow', execution_id: 'no-such-run' },
  unsubscribe_workflow: { type: 'unsubscribe_workflow', execution_id: 'no-such-run' },
};

const routes = Object.entries(contract).map(([name, route]) => ({ name, method: route.method, path: route.path.replace(/:[a-z_]+/g, 'no-such-id') }));

describe('scopes of bearer tokens', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Each call without a valid token names a client of its own (behind the trusted loopback proxy), so that the lock-out of wrong tokens stays out of the way.
    app = await startTestApp({ config: { auth_tokens: AUTH_TOKENS, trust_proxy: 'loopback' } });
  });
  afterAll(async () => {
    await app.close();
  });

  let clients = 0;
  const call = (method: string, path: string, token?: string) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        'x-forwarded-for': `198.51.100.${++clients % 250}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
    });

  it('has a scope rule for every route of the contract and every WebSocket message type', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(contract).sort());
    expect(Object.fromEntries(Object.entries(ROUTE_ACCESS).map(([name, rule]) => [name, rule.scope]))).toEqual(EXPECTED);
    expect(Object.keys(EXPECTED_WS).sort()).toEqual(ClientMessageSchema.options.map((option) => option.shape.type.value).sort());
  });

  it.each(routes)('answers $method $path with 403 FORBIDDEN exactly for the tokens that lack its scope', async ({ name, method, path }) => {
    const needed = EXPECTED[name]!;
    const anonymous = await call(method, path);
    if (needed === 'public') expect([200, 503]).toContain(anonymous.status);
    else expect(anonymous.status).toBe(401);
    for (const [token, scopes] of Object.entries(TOKENS)) {
      const answer = await call(method, path, token);
      const body = (await answer.json()) as { code?: string; error?: string; details?: unknown };
      if (needed === 'public' || grantsScope(scopes, needed)) {
        expect([answer.status, body.code]).not.toEqual([403, 'FORBIDDEN']);
        expect(answer.status).not.toBe(401);
      } else {
        expect(answer.status).toBe(403);
        expect(body).toMatchObject({ success: false, code: 'FORBIDDEN', details: [{ path: 'scope', message: needed }] });
        expect(body.error).toContain(`needs the '${needed}' scope`);
        expect(body.error).not.toContain(token);
      }
    }
  });

  it('serves /metrics to admin tokens only, a hashed one included', async () => {
    for (const [token, scopes] of Object.entries(TOKENS)) {
      const answer = await call('GET', '/metrics', token);
      expect(answer.status).toBe(scopes.includes('admin') ? 200 : 403);
    }
    expect((await call('GET', '/metrics')).status).toBe(401);
  });

  it('opens /metrics to every caller, without a token too, when metrics_public is set', async () => {
    const open = await startTestApp({ config: { auth_tokens: AUTH_TOKENS, metrics_public: true } });
    try {
      for (const token of [undefined, READ, RUN]) {
        const answer = await fetch(`${open.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        expect(answer.status).toBe(200);
      }
      expect((await fetch(`${open.url}/workflows`, { headers: { authorization: `Bearer ${READ}` } })).status).toBe(200);
      expect((await fetch(`${open.url}/audit`, { headers: { authorization: `Bearer ${READ}` } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('keeps the /ui page and the documents open, and refuses an unknown token', async () => {
    expect((await call('GET', '/ui/')).status).toBe(200);
    expect((await call('GET', '/openapi.json')).status).toBe(200);
    expect((await call('GET', '/workflows', `${READ}x`)).status).toBe(401);
    // The hash itself is not a token.
    expect((await call('GET', '/workflows', sha256(DEPLOY))).status).toBe(401);
  });

  it.each(Object.keys(EXPECTED_WS))('answers the /ws message %s with FORBIDDEN exactly for the tokens that lack its scope', async (type) => {
    for (const [token, scopes] of Object.entries(TOKENS)) {
      const ws = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${token}` } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const reply = new Promise<Record<string, unknown>>((resolve) =>
        ws.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>)),
      );
      ws.send(JSON.stringify({ ...WS_FRAMES[type], request_id: 'r-1' }));
      const answer = await reply;
      ws.close();
      expect(answer.request_id).toBe('r-1');
      if (grantsScope(scopes, EXPECTED_WS[type]!)) expect(answer.code).not.toBe('FORBIDDEN');
      else expect(answer).toMatchObject({ type: 'error', success: false, code: 'FORBIDDEN', details: [{ path: 'scope', message: EXPECTED_WS[type] }] });
    }
  });

  it('lets a read-only protocol secret watch the runtime but change no graph or network', async () => {
    const reader = await ProtocolClient.open(app.url, READ);
    try {
      reader.send('runtime', 'getruntime');
      const runtime = await reader.next('runtime', 'runtime');
      expect(runtime.payload.capabilities).toEqual(expect.arrayContaining(['protocol:runtime', 'network:status']));
      expect(runtime.payload.capabilities).not.toContain('protocol:graph');
      reader.send('component', 'list');
      await reader.next('component', 'componentsready');
      reader.send('graph', 'clear', { id: 'watched', main: true });
      const refused = await reader.next('graph', 'error');
      expect(refused.payload.message).toMatch(/FORBIDDEN.*'run' scope.*'reader'/);
      reader.send('network', 'start', { graph: 'watched' });
      expect((await reader.next('network', 'error')).payload.message).toContain('FORBIDDEN');
    } finally {
      reader.close();
    }
    const runner = await ProtocolClient.open(app.url, RUN);
    try {
      runner.send('graph', 'clear', { id: 'changed', main: true });
      expect(await runner.next('graph', 'clear')).toMatchObject({ payload: { id: 'changed' } });
    } finally {
      runner.close();
    }
  });
});
