import WebSocket from 'ws';
import { ClientMessageSchema, contract } from '../../contract';
import { type TestApp, startTestApp } from '../support/test-app';
import { jsonWithToken } from '../support/token-call';

const ACME = 'acme-admin-token-0123456789';
const GLOBEX = 'globex-admin-token-0123456789';
const OPS = 'ops-admin-token-0123456789ab';

/**
 * What each route of the contract names, written out apart from the server: a route added to the contract without
 * an entry here fails the first test. `execution` and `deployment` routes name one record; `list` routes list them.
 */
const NAMES: Record<keyof typeof contract, 'execution' | 'deployment' | 'list' | 'none'> = {
  health: 'none',
  ready: 'none',
  listActors: 'none',
  getActor: 'none',
  validateGraph: 'none',
  convertIdeWorkflow: 'none',
  executeIdeWorkflow: 'none',
  startWorkflow: 'none',
  createDeployment: 'none',
  listWorkflows: 'list',
  listDeployments: 'list',
  listAudit: 'list',
  getWorkflow: 'execution',
  getWorkflowRequest: 'execution',
  getWorkflowEvents: 'execution',
  cancelWorkflow: 'execution',
  deleteWorkflow: 'execution',
  updateNodeConfig: 'execution',
  getDeployment: 'deployment',
  updateDeployment: 'deployment',
  pauseDeployment: 'deployment',
  resumeDeployment: 'deployment',
  deleteDeployment: 'deployment',
};

/** The `/ws` messages that name an execution, each as it is sent. */
const WS_NAMING: Record<string, (id: string) => object> = {
  subscribe_workflow: (id) => ({ type: 'subscribe_workflow', execution_id: id }),
  cancel_workflow: (id) => ({ type: 'cancel_workflow', execution_id: id }),
};
const WS_NOT_NAMING = ['start_workflow', 'unsubscribe_workflow'];

// A run that waits (a timer of 30 s) so that cancelling it would change it; the test cancels it at the end.
const WAITING = {
  processes: {
    wait: { component: 'tpl_javascript_script', metadata: { config: { script: 'await new Promise((r) => setTimeout(r, 30000)); return 1;', timeout: 60000 } } },
  },
  connections: [],
};
const DEPLOYED = {
  processes: {
    request: { component: 'tpl_server_request', metadata: { config: { path: '/ping', method: 'GET' } } },
    respond: { component: 'tpl_server_response' },
  },
  connections: [{ src: { process: 'request', port: 'request-out' }, tgt: { process: 'respond', port: 'data-in' } }],
};

type Body = { success: boolean; data?: Record<string, unknown>; code?: string; error?: string; timestamp?: number };

describe('every route and message that names a record, against another tenant', () => {
  let app: TestApp;
  let execution: string;
  const deployment = 'acme-pinger';
  const call = (token: string, method: string, path: string, body?: unknown) => jsonWithToken<Body>(app.url, token, method, path, body);
  const pathOf = (path: string, id: string) => path.replace(/:execution_id|:deployment_id/, id).replace(':node_id', 'wait');
  // A body the route takes, so that its answer comes from the record's lookup rather than the body's check.
  const bodyOf = (name: string, method: string) =>
    name === 'updateDeployment' ? { graph_json: DEPLOYED } : method === 'POST' || method === 'PATCH' ? {} : undefined;

  beforeAll(async () => {
    app = await startTestApp({
      config: {
        auth_tokens: [OPS, { token: ACME, scopes: ['admin'], tenant: 'acme' }, { token: GLOBEX, scopes: ['admin'], tenant: 'globex' }],
      },
    });
    const started = await call(ACME, 'POST', '/workflows', { graph_json: WAITING, input: {} });
    execution = String(started.body.data?.execution_id);
    expect((await call(ACME, 'POST', '/deployments', { name: deployment, graph_json: DEPLOYED })).status).toBe(201);
  });
  afterAll(async () => {
    await call(ACME, 'POST', `/workflows/${execution}/cancel`).catch(() => undefined);
    await app.close();
  });

  it('classifies every route of the contract and every /ws message', () => {
    expect(Object.keys(NAMES).sort()).toEqual(Object.keys(contract).sort());
    const types = ClientMessageSchema.options.map((option) => option.shape.type.value).sort();
    expect([...Object.keys(WS_NAMING), ...WS_NOT_NAMING].sort()).toEqual(types);
  });

  const naming = Object.entries(contract).filter(
    ([name]) => NAMES[name as keyof typeof contract] === 'execution' || NAMES[name as keyof typeof contract] === 'deployment',
  );

  it.each(naming.map(([name, route]) => ({ name, method: route.method, path: route.path })))(
    "answers $method $path of another tenant's record exactly as an unknown id, and changes nothing",
    async ({ name, method, path }) => {
      const id = NAMES[name as keyof typeof contract] === 'execution' ? execution : deployment;
      const unknown = await call(GLOBEX, method, pathOf(path, 'no-such-record'), bodyOf(name, method));
      const foreign = await call(GLOBEX, method, pathOf(path, id), bodyOf(name, method));
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ ...unknown.body, error: unknown.body.error?.replace('no-such-record', id), timestamp: foreign.body.timestamp });
      const own = await call(ACME, 'GET', id === execution ? `/workflows/${id}` : `/deployments/${id}`);
      expect(own.status).toBe(200);
      expect(own.body.data).toMatchObject(id === execution ? { status: 'running' } : { paused: false });
    },
  );

  it('lists to each tenant only its own records, and all of them to a token of no tenant', async () => {
    const items = async (token: string, path: string) => ((await call(token, 'GET', path)).body.data?.items as { id: string }[]).map((item) => item.id);
    expect(await items(GLOBEX, '/workflows')).toEqual([]);
    expect(await items(ACME, '/workflows')).toEqual([execution]);
    expect(await items(OPS, '/workflows')).toEqual([execution]);
    expect(await items(GLOBEX, '/deployments')).toEqual([]);
    expect(await items(ACME, '/deployments')).toEqual([deployment]);
    expect(await items(OPS, '/deployments')).toEqual([deployment]);
  });

  it.each(Object.keys(WS_NAMING))("answers /ws %s of another tenant's execution as of an unknown one", async (type) => {
    const socket = new WebSocket(app.wsUrl, { headers: { authorization: `Bearer ${GLOBEX}` } });
    const replies: Record<string, unknown>[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ ...WS_NAMING[type](execution), request_id: 'foreign' }));
    socket.send(JSON.stringify({ ...WS_NAMING[type]('no-such-record'), request_id: 'unknown' }));
    while (replies.filter((reply) => reply.request_id !== undefined).length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    const foreign = replies.find((reply) => reply.request_id === 'foreign');
    const unknown = replies.find((reply) => reply.request_id === 'unknown');
    expect(foreign).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(foreign).toEqual({ ...unknown, request_id: 'foreign', execution_id: execution, error: String(unknown?.error).replace('no-such-record', execution) });
    expect(replies).toHaveLength(2);
    expect((await call(ACME, 'GET', `/workflows/${execution}`)).body.data).toMatchObject({ status: 'running' });
  });
});
