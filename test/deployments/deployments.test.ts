import { type GraphJson } from '../../model';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/** A trigger feeding a script that returns the tick's payload. */
function tickGraph(trigger: { component: string; config: Record<string, unknown> }): GraphJson {
  return {
    properties: { name: 'ticker' },
    processes: {
      tick: { component: trigger.component, metadata: { config: trigger.config } },
      keep: { component: 'tpl_javascript_script', metadata: { config: { script: 'return data' } } },
    },
    connections: [{ src: { process: 'tick', port: 'trigger-out' }, tgt: { process: 'keep', port: 'data-in' } }],
  };
}

describe('deployments', () => {
  let app: TestApp;
  let slow: SlowServer;
  beforeAll(async () => {
    app = await startTestApp();
    slow = await startSlowServer(2500);
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
  });

  const post = async (body: unknown) => {
    const response = await fetch(`${app.url}/deployments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The envelope as JSON: these tests read its fields by path.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as { data: any; success: boolean } };
  };
  const runsOf = async (deploymentId: string) =>
    (await app.store.list({ limit: 1000 })).items.filter((record) => record.request.metadata.deployment_id === deploymentId);

  it('starts an execution on each tick of an interval trigger, up to maxExecutions, and shows the counts and next ticks', async () => {
    const created = await post({
      name: 'every-second',
      graph_json: tickGraph({ component: 'tpl_interval_trigger', config: { interval: 1000, maxExecutions: 2, payload: '{"n": "${executionCount}"}' } }),
    });
    expect(created.status).toBe(201);
    const deployment = created.body.data;
    expect(deployment).toMatchObject({ id: 'every-second', workflow_id: 'ticker', kind: 'graph', hooks: [] });
    expect(deployment.triggers[0]).toMatchObject({ node_id: 'tick', type: 'interval', schedule: 'every 1000 ms', max_executions: 2 });
    await waitFor(async () => (await runsOf('every-second')).filter((r) => r.status === 'completed').length === 2, { timeoutMs: 8000, what: 'two ticks' });
    const runs = await runsOf('every-second');
    expect(runs.map((r) => r.source)).toEqual(['trigger', 'trigger']);
    expect(runs.map((r) => (r.result!.outputs['keep.result-out'] as { n: string }).n).sort()).toEqual(['1', '2']);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runsOf('every-second')).toHaveLength(2);
    const after = (await app.client.getDeployment('every-second')).data!.data;
    expect(after.triggers[0]).toMatchObject({ executions_started: 2, next_ticks: [] });
  }, 15_000);

  it('fires a one-second cron trigger on each tick, and skips a tick while the previous run is still going', async () => {
    const graph: GraphJson = {
      processes: {
        tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '* * * * * *', timezone: 'Europe/London' } } },
        call: { component: 'tpl_http_request', metadata: { config: { url: slow.url, method: 'GET' } } },
      },
      connections: [{ src: { process: 'tick', port: 'trigger-out' }, tgt: { process: 'call', port: 'data-in' } }],
    };
    const created = await post({ name: 'cron-slow', graph_json: graph });
    expect(created.status).toBe(201);
    const { next_ticks: nextTicks } = created.body.data.triggers[0];
    expect(nextTicks).toHaveLength(3);
    expect(Date.parse(nextTicks[1]) - Date.parse(nextTicks[0])).toBe(1000);
    await waitFor(async () => (await app.client.getDeployment('cron-slow')).data!.data.triggers[0].ticks_skipped >= 2, {
      timeoutMs: 8000,
      what: 'skipped ticks',
    });
    const runs = await runsOf('cron-slow');
    expect(runs.filter((r) => r.status === 'running' || r.status === 'queued').length).toBeLessThanOrEqual(1);
    expect((await app.client.deleteDeployment('cron-slow')).response.status).toBe(200);
    const started = (await runsOf('cron-slow')).length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(await runsOf('cron-slow')).toHaveLength(started);
    expect((await app.client.getDeployment('cron-slow')).response.status).toBe(404);
  }, 20_000);

  it('deploys an IDE workflow, taking the hook path, method and authentication from its triggerConfig', async () => {
    const workflow = {
      id: 'wf-ide-hook',
      name: 'IDE hook',
      triggerConfig: { id: 't', type: 'rest', name: 'Orders', config: { method: 'PUT', path: '/orders/new' } },
      graphs: [
        {
          id: 'main',
          name: 'Main',
          isMain: true,
          nodes: [
            {
              id: 'in',
              type: 'tpl_server_request',
              metadata: { templateId: 'tpl_server_request', propertyValues: { requestType: 'HTTP', dataFormat: 'JSON' } },
            },
            {
              id: 'out',
              type: 'tpl_server_response',
              metadata: { templateId: 'tpl_server_response', propertyValues: { responseType: 'Success', statusCode: 202, contentType: 'application/json' } },
            },
          ],
          connections: [{ id: 'c1', source: { nodeId: 'in', portId: 'request-out' }, target: { nodeId: 'out', portId: 'data-in' } }],
        },
      ],
    };
    const created = await post({ name: 'ide-orders', workflow });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      kind: 'ide',
      workflow_id: 'wf-ide-hook',
      hooks: [{ node_id: 'in', method: 'PUT', path: '/orders/new', url_path: '/hooks/ide-orders/orders/new', authentication: 'None' }],
    });
    const answer = await fetch(`${app.url}/hooks/ide-orders/orders/new/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"sku":"A-1"}',
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ method: 'PUT', path: '/orders/new', body: { sku: 'A-1' } });
  });

  it('refuses what cannot be deployed with 400 naming the problem, a name in use with 409, and stores nothing', async () => {
    await post({ name: 'taken', graph_json: tickGraph({ component: 'tpl_interval_trigger', config: { interval: 60_000, startImmediately: false } }) });
    const before = (await app.client.listDeployments()).data!.data.items.map((d) => d.id);
    const cases: [unknown, number, RegExp][] = [
      [{ name: 'taken', graph_json: tickGraph({ component: 'tpl_interval_trigger', config: { interval: 60_000 } }) }, 409, /already exists/],
      [{ name: 'Bad Name!', graph_json: tickGraph({ component: 'tpl_interval_trigger', config: {} }) }, 400, /name/],
      [{ name: 'nothing' }, 400, /Give the workflow/],
      [{ name: 'bad-cron', graph_json: tickGraph({ component: 'tpl_cron_trigger', config: { cronExpression: 'sometimes' } }) }, 400, /cronExpression/],
      [{ name: 'unknown-node', graph_json: { processes: { x: { component: 'tpl_no_such' } }, connections: [] } }, 400, /tpl_no_such/],
      [
        { name: 'ws-hook', graph_json: { processes: { r: { component: 'tpl_server_request', metadata: { config: { requestType: 'WebSocket' } } } } } },
        400,
        /WebSocket/,
      ],
      [
        { name: 'custom-auth', graph_json: { processes: { r: { component: 'tpl_server_request', metadata: { config: { authentication: 'Custom' } } } } } },
        400,
        /Custom authentication/,
      ],
      [
        {
          name: 'no-secret',
          graph_json: {
            processes: { r: { component: 'tpl_server_request', metadata: { config: { authentication: 'Bearer Token', authSecret: 'MISSING_TOKEN' } } } },
          },
        },
        400,
        /MISSING_TOKEN, which is not configured/,
      ],
      [
        {
          name: 'twin-hooks',
          graph_json: {
            processes: {
              a: { component: 'tpl_server_request', metadata: { config: { path: '/x' } } },
              b: { component: 'tpl_server_request', metadata: { config: { path: 'x/', method: 'GET' } } },
            },
          },
        },
        400,
        /another Server Request node/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const refused = await post(body);
      expect({ body, status: refused.status }).toEqual({ body, status });
      expect(refused.body).toMatchObject({ success: false });
      expect(JSON.stringify(refused.body)).toMatch(message);
    }
    expect((await app.client.listDeployments()).data!.data.items.map((d) => d.id)).toEqual(before);
    const missing = await fetch(`${app.url}/deployments/nope`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', error: "Deployment 'nope' not found" });
  });
});
