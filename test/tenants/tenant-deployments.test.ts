import { type GraphJson } from '../../model';
import { MemoryDeploymentStore } from '../../server/storage';
import { type TestApp, startTestApp } from '../support/test-app';
import { jsonWithToken } from '../support/token-call';
import { waitFor } from '../support/wait-for';

const ACME = 'acme-deployer-token-0123456789';
const GLOBEX = 'globex-admin-token-0123456789';
const INITECH = 'initech-deployer-token-012345';
const OPS = 'ops-admin-token-0123456789abc';

const AUTH_TOKENS = [
  OPS,
  { token: ACME, name: 'acme-ci', scopes: ['deploy'], tenant: 'acme' },
  { token: GLOBEX, name: 'globex-ops', scopes: ['admin'], tenant: 'globex' },
  { token: INITECH, name: 'initech-ci', scopes: ['deploy'], tenant: 'initech' },
];

/** A workflow that does nothing on its own: deploying it arms nothing. */
const idleGraph = (): GraphJson => ({
  processes: { keep: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } } },
  connections: [],
});

/** A hook at POST /echo answering the body it was sent. */
const echoHookGraph = (): GraphJson => ({
  processes: {
    request: { component: 'tpl_server_request', metadata: { config: { path: '/echo', method: 'POST' } } },
    echo: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data.body' } } },
    respond: { component: 'tpl_server_response', metadata: { config: { statusCode: 200 } } },
  },
  connections: [
    { src: { process: 'request', port: 'request-out' }, tgt: { process: 'echo', port: 'data-in' } },
    { src: { process: 'echo', port: 'result-out' }, tgt: { process: 'respond', port: 'data-in' } },
  ],
});

/** An interval trigger that ticks once, a second after it is armed. */
const onceGraph = (): GraphJson => ({
  processes: {
    tick: { component: 'tpl_interval_trigger', metadata: { config: { interval: 1000, maxExecutions: 1 } } },
    keep: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } },
  },
  connections: [{ src: { process: 'tick', port: 'trigger-out' }, tgt: { process: 'keep', port: 'data-in' } }],
});

interface Envelope {
  success: boolean;
  code?: string;
  error?: string;
  // The envelope as JSON: these tests read its fields by path.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
}

describe('deployments of two tenants on one service', () => {
  let app: TestApp;
  const store = new MemoryDeploymentStore();
  const call = (token: string, method: string, path: string, body?: unknown) => jsonWithToken<Envelope>(app.url, token, method, path, body);
  const deploy = async (token: string, name: string, graph = idleGraph()) => {
    const created = await call(token, 'POST', '/deployments', { name, graph_json: graph });
    expect([name, created.status]).toEqual([name, 201]);
    return created.body.data as { id: string };
  };
  const listed = async (token: string) => ((await call(token, 'GET', '/deployments')).body.data.items as { id: string }[]).map((item) => item.id);
  const runIds = async (token: string, query = '') =>
    ((await call(token, 'GET', `/workflows?limit=100${query}`)).body.data.items as { id: string }[]).map((item) => item.id);

  beforeAll(async () => {
    app = await startTestApp({
      config: { auth_tokens: AUTH_TOKENS, tenants: { initech: { max_deployments: 1 } }, hook_timeout_ms: 10_000 },
      deploymentStore: store,
    });
  });
  afterAll(() => app.close());

  it('records each deployment with the tenant of its token, and lists only that tenant to its tokens', async () => {
    await deploy(ACME, 'acme-listed');
    await deploy(GLOBEX, 'globex-listed');
    await deploy(OPS, 'ops-listed');
    expect(store.get('acme-listed')?.tenant).toBe('acme');
    expect(store.get('globex-listed')?.tenant).toBe('globex');
    expect(store.get('ops-listed')).not.toHaveProperty('tenant');
    expect(await listed(ACME)).toEqual(expect.arrayContaining(['acme-listed']));
    expect((await listed(ACME)).every((id) => store.get(id)?.tenant === 'acme')).toBe(true);
    expect((await listed(GLOBEX)).every((id) => store.get(id)?.tenant === 'globex')).toBe(true);
    expect(await listed(GLOBEX)).toContain('globex-listed');
    expect(await listed(OPS)).toEqual(expect.arrayContaining(['acme-listed', 'globex-listed', 'ops-listed']));
  });

  it("answers another tenant's deployment 404 on every route, as an unknown one, and changes nothing", async () => {
    await deploy(ACME, 'acme-private');
    const before = store.get('acme-private');
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { paused: true, input: { changed: true } }],
      ['POST', '/pause', undefined],
      ['POST', '/resume', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const unknown = await call(GLOBEX, method, `/deployments/no-such-deployment${path}`, body);
      const foreign = await call(GLOBEX, method, `/deployments/acme-private${path}`, body);
      expect([method, path, foreign.status]).toEqual([method, path, unknown.status]);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(foreign.body.error).toBe(unknown.body.error!.replace('no-such-deployment', 'acme-private'));
    }
    expect(store.get('acme-private')).toEqual(before);
    const own = await call(ACME, 'GET', '/deployments/acme-private');
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: 'acme-private', paused: false, tenant: 'acme' });
    expect(await listed(GLOBEX)).not.toContain('acme-private');
  });

  it('lets a tenant change, pause, resume and delete its own deployments, and a token of no tenant any', async () => {
    await deploy(ACME, 'acme-owned');
    expect((await call(ACME, 'POST', '/deployments/acme-owned/pause')).body.data).toMatchObject({ paused: true });
    expect((await call(OPS, 'POST', '/deployments/acme-owned/resume')).body.data).toMatchObject({ paused: false });
    expect((await call(ACME, 'PATCH', '/deployments/acme-owned', { input: { n: 1 } })).status).toBe(200);
    expect(store.get('acme-owned')).toMatchObject({ tenant: 'acme', request: { input: { n: 1 } } });
    expect((await call(OPS, 'DELETE', '/deployments/acme-owned')).status).toBe(200);
    expect(store.get('acme-owned')).toBeUndefined();
  });

  it("answers a name another tenant holds with the conflict of any name in use, keeping the other tenant's deployment", async () => {
    await deploy(ACME, 'taken-name');
    const own = await call(ACME, 'POST', '/deployments', { name: 'taken-name', graph_json: idleGraph() });
    const foreign = await call(GLOBEX, 'POST', '/deployments', { name: 'taken-name', graph_json: idleGraph() });
    expect([own.status, foreign.status]).toEqual([409, 409]);
    expect(foreign.body).toMatchObject({ success: false, code: 'CONFLICT', error: own.body.error });
    expect(store.get('taken-name')?.tenant).toBe('acme');
  });

  it("records the runs of a deployment's hook with its tenant, so that only that tenant lists them", async () => {
    await deploy(ACME, 'acme-hook', echoHookGraph());
    const answer = await fetch(`${app.url}/hooks/acme-hook/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":7}' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ n: 7 });
    const runs = (await app.store.list({ limit: 1000 })).items.filter((record) => record.deploymentId === 'acme-hook');
    expect(runs.map((run) => [run.source, run.tenant])).toEqual([['hook', 'acme']]);
    const [run] = runs;
    expect(await runIds(ACME, '&deployment=acme-hook')).toEqual([run.id]);
    expect(await runIds(ACME)).toContain(run.id);
    expect(await runIds(GLOBEX, '&deployment=acme-hook')).toEqual([]);
    expect(await runIds(GLOBEX)).not.toContain(run.id);
    expect((await call(GLOBEX, 'GET', `/workflows/${run.id}`)).status).toBe(404);
    expect(await runIds(OPS, '&deployment=acme-hook')).toEqual([run.id]);
  });

  it("records the runs of a deployment's trigger with its tenant, and those of a deployment of no tenant with none", async () => {
    await deploy(GLOBEX, 'globex-ticker', onceGraph());
    await deploy(OPS, 'ops-ticker', onceGraph());
    const runsOf = async (deploymentId: string) => (await app.store.list({ limit: 1000 })).items.filter((record) => record.deploymentId === deploymentId);
    await waitFor(async () => (await runsOf('globex-ticker')).length === 1 && (await runsOf('ops-ticker')).length === 1, {
      timeoutMs: 8000,
      what: 'a tick of each trigger',
    });
    const [globexRun] = await runsOf('globex-ticker');
    const [opsRun] = await runsOf('ops-ticker');
    expect([globexRun.source, globexRun.tenant]).toEqual(['trigger', 'globex']);
    expect(opsRun.source).toBe('trigger');
    expect(opsRun).not.toHaveProperty('tenant');
    expect(await runIds(GLOBEX, '&deployment=globex-ticker')).toEqual([globexRun.id]);
    expect(await runIds(ACME, '&deployment=globex-ticker')).toEqual([]);
    expect(await runIds(GLOBEX, '&deployment=ops-ticker')).toEqual([]);
    expect(await runIds(OPS, '&deployment=ops-ticker')).toEqual([opsRun.id]);
  }, 15_000);

  it("refuses a tenant's deployment over its own max_deployments with 409 LIMIT_REACHED, storing nothing, and takes one again once it deletes one", async () => {
    await deploy(INITECH, 'initech-first');
    const stored = store.list().length;
    const refused = await call(INITECH, 'POST', '/deployments', { name: 'initech-second', graph_json: idleGraph() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'LIMIT_REACHED' });
    expect(refused.body.error).toMatch(/tenants\.initech\.max_deployments = 1/);
    expect(store.list()).toHaveLength(stored);
    expect(store.get('initech-second')).toBeUndefined();
    expect(await listed(INITECH)).toEqual(['initech-first']);
    // Other tenants, and tokens of no tenant, have limits of their own.
    await deploy(ACME, 'acme-beside-initech');
    await deploy(OPS, 'ops-beside-initech');
    expect((await call(INITECH, 'DELETE', '/deployments/initech-first')).status).toBe(200);
    await deploy(INITECH, 'initech-second');
    expect(store.get('initech-second')?.tenant).toBe('initech');
  });
});

describe('the service-wide max_deployments with tenants', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: AUTH_TOKENS, max_deployments: 2, tenants: { acme: { max_deployments: 5 } } } });
  });
  afterAll(() => app.close());

  it("refuses a tenant's deployment once the service keeps max_deployments, though the tenant is under its own limit", async () => {
    const post = (token: string, name: string) =>
      fetch(`${app.url}/deployments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, graph_json: idleGraph() }),
      });
    expect((await post(ACME, 'acme-one')).status).toBe(201);
    expect((await post(GLOBEX, 'globex-one')).status).toBe(201);
    const refused = await post(ACME, 'acme-two');
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as Envelope;
    expect(body).toMatchObject({ success: false, code: 'LIMIT_REACHED' });
    expect(body.error).toMatch(/max_deployments = 2/);
    expect(app.deployments.list().map((deployment) => deployment.id)).toEqual(['acme-one', 'globex-one']);
  });
});
