import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startCli } from '../support/cli-process';
import { closedPort } from '../support/closed-port';
import { clockGraph, httpGetGraph, multiplyGraph } from '../support/graphs';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const TOKEN = 'cli-test-token-0123456789';
const READ_ONLY = 'cli-read-only-token-0123456789';

/** The commands that talk to a service, against the real app with auth_tokens on 127.0.0.1. */
describe('wes against a service', () => {
  let app: TestApp;
  let slow: SlowServer;
  let dir: string;
  const file = (name: string) => join(dir, name);
  const withToken = { env: { ENGINE_TOKEN: TOKEN } };

  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [TOKEN, { token: READ_ONLY, name: 'viewer', scopes: ['read'] }] } });
    slow = await startSlowServer(60_000);
    dir = await mkdtemp(join(tmpdir(), 'wes-service-'));
    await writeFile(file('multiply.json'), JSON.stringify(multiplyGraph()));
    await writeFile(file('slow.json'), JSON.stringify(httpGetGraph(slow.url)));
    await writeFile(file('clock.json'), JSON.stringify(clockGraph()));
    await writeFile(file('unknown.fbp'), 'a(no_such_actor) OUT -> IN b(core/Drop)\n');
  });
  afterAll(async () => {
    await app.close();
    await slow.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs a graph on the service with the token from ENGINE_TOKEN and records it with the source cli', async () => {
    const run = await runCli(['run', file('multiply.json'), '--url', app.url, '-i', 'x=6', '-i', 'y=7'], withToken);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ product: 42 });
    const id = /^Started execution (\S+)(?: \(.*\))?$/m.exec(run.stderr)![1];
    expect(await app.executions.get(id)).toMatchObject({ status: 'completed', source: 'cli', workflowId: 'multiply' });
  });

  it('runs an IDE workflow on the service through its IDE route, naming its nodes by their IDE titles', async () => {
    const run = await runCli(['run', 'test/fixtures/ide/script-loop.json', '--url', app.url, '--token', TOKEN]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ 'tpl_loop-1733227204222-x7z8a9s0d.done-out': { count: 3, completed: true } });
    // The titles come from the engine graph the service converted the workflow into.
    expect(run.stderr).toMatch(/^Started execution \S+ \(Script items through a loop\)$/m);
    expect(run.stderr).toContain('Node For Each Loop [tpl_loop-1733227204222-x7z8a9s0d] done (');
    const { items } = await app.executions.list({ limit: 1 });
    expect(items[0]).toMatchObject({ source: 'ide_api', status: 'completed' });
  });

  it('prints every packet of the outputs --collect names, from a run on the service', async () => {
    const transformed = 'tpl_data_transformer-1733227208333-f1g2h3j4k.transformed-out';
    const run = await runCli(['run', 'test/fixtures/ide/script-loop.json', '--url', app.url, '--token', TOKEN, '--quiet', '--collect', transformed]);
    expect(run.code).toBe(0);
    const outputs = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(outputs[transformed]).toEqual([1, 2, 3].map((i) => ({ sku: `INV-${i}`, total: i * 25 })));
    expect(outputs['tpl_loop-1733227204222-x7z8a9s0d.index-out']).toBe(2);
  });

  it('exits 1, as validate does, naming input.<name> when the service refuses a run whose required port only a missing input would feed', async () => {
    const newest = async () => (await app.executions.list({ limit: 1 })).items[0]?.id;
    const before = await newest();
    const missing = await runCli(['run', file('multiply.json'), '--url', app.url, '-i', 'x=1'], withToken);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/^Warning: no input feeds the exported inport 'y' \(give --input NAME=VALUE\)\nwes: .*Input 'y' is missing/);
    expect(missing.stderr).toMatch(/^ {2}input\.y: Input 'y' is missing/m);
    expect(missing.stderr).not.toContain('Started execution');
    expect(await newest()).toBe(before);
  });

  it('exits 2 and asks for a token when the service wants one, and names an address nothing listens on', async () => {
    const denied = await runCli(['run', file('multiply.json'), '--url', app.url, '-i', 'x=1', '-i', 'y=2']);
    expect(denied).toMatchObject({ code: 2, stdout: '' });
    expect(denied.stderr).toBe(`wes: The service at ${app.url} answered 401: it needs a token: give --token or set WES_TOKEN or ENGINE_TOKEN\n`);
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const nowhere = await runCli(['list', '--url', closed]);
    expect(nowhere).toMatchObject({ code: 2, stderr: `wes: Cannot reach the service at ${closed}: ECONNREFUSED\n` });
  });

  it('exits 2 naming the missing scope when the token may only read, and lists with it', async () => {
    const refused = await runCli(['run', file('multiply.json'), '--url', app.url, '--token', READ_ONLY, '-i', 'x=1', '-i', 'y=2']);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      `wes: The service at ${app.url} answered 403: POST /workflows needs the 'run' scope; the token of 'viewer' has 'read'; give a token with the 'run' scope\n`,
    );
    expect((await runCli(['list', '--url', app.url, '--token', READ_ONLY])).code).toBe(0);
  });

  it('takes the address from WES_URL and the token from WES_TOKEN, which wins over ENGINE_TOKEN, for every command that talks to a service', async () => {
    const listed = await runCli(['list', '--json'], { env: { WES_URL: app.url, WES_TOKEN: TOKEN, ENGINE_TOKEN: 'not-the-token' } });
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveProperty('items');
    const refused = await runCli(['list'], { env: { WES_URL: app.url, WES_TOKEN: 'not-the-token', ENGINE_TOKEN: TOKEN } });
    expect(refused).toMatchObject({ code: 2, stderr: `wes: The service at ${app.url} answered 401: the token was refused\n` });
    const run = await runCli(['run', file('multiply.json'), '-i', 'x=2', '-i', 'y=3'], { env: { WES_URL: app.url, WES_TOKEN: TOKEN } });
    expect(run.code).toBe(0);
    const id = /^Started execution (\S+)(?: \(.*\))?$/m.exec(run.stderr)![1];
    expect(await app.executions.get(id)).toMatchObject({ status: 'completed', source: 'cli' });
    const flagWins = await runCli(['list', '--url', `http://127.0.0.1:${await closedPort()}`], { env: { WES_URL: app.url, WES_TOKEN: TOKEN } });
    expect(flagWins.code).toBe(2);
    expect(flagWins.stderr).toContain('ECONNREFUSED');
  }, 60_000);

  it('cancels the run on the service on SIGINT and exits 130', async () => {
    const before = slow.requests;
    const cli = startCli(['run', file('slow.json'), '--url', app.url], withToken);
    await waitFor(() => slow.requests > before, { what: 'the run to call the slow server', timeoutMs: 15_000 });
    // The run may reach the slow server before the command line has written that it started.
    await waitFor(() => /^Started execution \S+/m.test(cli.stderr()), { what: 'the started line', timeoutMs: 5000 });
    const id = /^Started execution (\S+)(?: \(.*\))?$/m.exec(cli.stderr())![1];
    cli.child.kill('SIGINT');
    const run = await cli.done;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/Cancelled after .*: 1\/1 nodes, 0 packets\n$/);
    expect((await app.executions.get(id)).status).toBe('cancelled');
  });

  it('converts an IDE workflow and refuses to convert an engine graph', async () => {
    const converted = await runCli(['convert', 'test/fixtures/ide/subgraph.json', '--url', app.url], withToken);
    expect(converted.code).toBe(0);
    const conversion = JSON.parse(converted.stdout);
    expect(conversion).toMatchObject({ unsupported_actors: [], conversion_metadata: { source_workflow_name: expect.any(String) } });
    expect(Object.keys(conversion.engine_graph.processes).length).toBeGreaterThan(0);
    const graph = await runCli(['convert', file('multiply.json'), '--url', app.url], withToken);
    expect(graph.code).toBe(2);
    expect(graph.stderr).toContain('is an engine graph, which runs as it is: convert takes an IDE workflow');
  });

  it('converts in process when no service is named, printing the JSON the service answers, and names what it cannot read as the service does', async () => {
    const workflow = JSON.parse(await readFile('test/fixtures/ide/nested-subgraph.json', 'utf8')) as Record<string, unknown>;
    const answer = await app.client.convertIdeWorkflow(workflow as never);
    const local = await runCli(['convert', 'test/fixtures/ide/nested-subgraph.json']);
    expect(local).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(local.stdout)).toEqual(answer.data!.data);
    await writeFile(file('unreadable-ide.json'), JSON.stringify({ graphs: [{ isMain: true, nodes: [{ id: 'a' }], connections: 'none' }] }));
    const remote = await runCli(['convert', file('unreadable-ide.json')], { env: { WES_URL: app.url, WES_TOKEN: TOKEN } });
    const inProcess = await runCli(['convert', file('unreadable-ide.json')]);
    expect(remote).toMatchObject({ code: 2, stdout: '' });
    expect(inProcess).toMatchObject({ code: 2, stdout: '' });
    expect(remote.stderr).toContain('connections');
    expect(inProcess.stderr).toContain('connections');
  }, 60_000);

  it('validates a workflow: 0 and the normalised graph when valid, 1 and every issue when not', async () => {
    const valid = await runCli(['validate', file('multiply.json'), '--url', app.url, '-i', 'x=1', '-i', 'y=2'], withToken);
    expect(valid.code).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ valid: true, issues: [], graph: { processes: { mul: { component: 'tpl_math_multiply' } } } });
    expect(valid.stderr).toBe(`${file('multiply.json')} is valid\n`);
    const ide = await runCli(['validate', 'test/fixtures/ide/script-loop.json', '--url', app.url], withToken);
    expect(ide.code).toBe(0);
    const invalid = await runCli(['validate', file('unknown.fbp'), '--url', app.url], withToken);
    expect(invalid.code).toBe(1);
    // The unknown node still feeds b: only the unknown component is an issue.
    expect(JSON.parse(invalid.stdout)).toMatchObject({ valid: false, issue_count: 1 });
    expect(invalid.stderr).toMatch(/has 1 issue:\n {2}processes\.a\.component: .*'no_such_actor'/);
  }, 60_000);

  it('warns naming the exported inports no input feeds, and calls the workflow invalid, as the service does, when one alone feeds a required port', async () => {
    const missing = await runCli(['validate', file('multiply.json'), '--url', app.url, '-i', 'x=1'], withToken);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^Warning: no input feeds the exported inport 'y' \(give --input NAME=VALUE\)\n.* has 1 issue:\n {2}input\.y: Input 'y' is missing/,
    );
    const optional = await runCli(['validate', file('clock.json'), '--url', app.url], withToken);
    expect(optional.code).toBe(0);
    expect(optional.stderr).toBe(`Warning: no input feeds the exported inport 'when' (give --input NAME=VALUE)\n${file('clock.json')} is valid\n`);
  }, 60_000);

  it('lists executions as a table, as JSON, and filtered by status', async () => {
    await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 1, y: 2 }, metadata: { execution_id: 'listed-run' } });
    await waitFor(async () => (await app.executions.get('listed-run')).status === 'completed', { what: 'the run to complete' });
    const table = await runCli(['list', '--url', app.url, '--token', TOKEN]);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +STATUS +WORKFLOW +NAME +SOURCE +CREATED +DURATION$/);
    expect(table.stdout).toMatch(/^listed-run +completed +multiply +multiply +http_api /m);
    const json = await runCli(['list', '--url', app.url, '--json', '--status', 'completed', '--limit', '100'], withToken);
    expect(json.code).toBe(0);
    const page = JSON.parse(json.stdout) as { items: { id: string; status: string }[]; next_cursor: string | null };
    expect(page.items.map((item) => item.id)).toContain('listed-run');
    expect(page.items.every((item) => item.status === 'completed')).toBe(true);
    const badStatus = await runCli(['list', '--url', app.url, '--status', 'done'], withToken);
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain('Allowed choices are queued, running, completed, failed, cancelled');
    const badLimit = await runCli(['list', '--url', app.url, '--limit', '0'], withToken);
    expect(badLimit).toMatchObject({ code: 2, stdout: '' });
    expect(badLimit.stderr).toContain("argument '0' is invalid. expected a whole number above 0");
  });

  it('lists only the runs a deployment started with --deployment', async () => {
    const graph = {
      processes: {
        request: { component: 'tpl_server_request', metadata: { config: { path: '/go', method: 'POST' } } },
        respond: { component: 'tpl_server_response' },
      },
      connections: [{ src: { process: 'request', port: 'request-out' }, tgt: { process: 'respond', port: 'data-in' } }],
    };
    expect((await app.client.createDeployment({ name: 'listed', graph_json: graph })).response.status).toBe(201);
    const hook = await fetch(`${app.url}/hooks/listed/go`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(hook.status).toBe(200);
    const json = await runCli(['list', '--url', app.url, '--json', '--deployment', 'listed'], withToken);
    expect(json.code).toBe(0);
    const page = JSON.parse(json.stdout) as { items: { id: string; source: string; deployment_id: string }[] };
    expect(page.items.map((item) => [item.id, item.source, item.deployment_id])).toEqual([[hook.headers.get('x-execution-id'), 'hook', 'listed']]);
    const bad = await runCli(['list', '--url', app.url, '--deployment', 'Not An Id'], withToken);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('deployment');
  });

  it("prints an execution's log as JSON lines, and exits 2 for an unknown execution", async () => {
    await app.client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 2, y: 2 }, metadata: { execution_id: 'logged-run' } });
    await waitFor(async () => (await app.executions.get('logged-run')).status === 'completed', { what: 'the run to complete' });
    const events = await runCli(['events', 'logged-run', '--url', app.url], withToken);
    expect(events.code).toBe(0);
    const lines = events.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { seq: number; _type: string });
    expect(lines.map((event) => event.seq)).toEqual(lines.map((_, index) => index + 1));
    expect(lines[0]._type).toBe('NetworkStarted');
    expect(lines[lines.length - 1]._type).toBe('Completed');
    const later = await runCli(['events', 'logged-run', '--url', app.url, '--from-seq', '3'], withToken);
    expect(JSON.parse(later.stdout.split('\n')[0])).toMatchObject({ seq: 3 });
    const unknown = await runCli(['events', 'no-such-run', '--url', app.url], withToken);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("wes: Execution 'no-such-run' not found\n");
  });

  it('follows a running execution live until its end, and exits 130 when it is cancelled', async () => {
    const before = slow.requests;
    await app.client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: 'followed-run' } });
    await waitFor(() => slow.requests > before, { what: 'the run to call the slow server', timeoutMs: 10_000 });
    const cli = startCli(['events', 'followed-run', '--follow', '--url', app.url], withToken);
    await waitFor(() => cli.stdout().includes('"ActorStarted"'), { what: 'the replayed events', timeoutMs: 15_000 });
    expect(cli.child.exitCode).toBeNull();
    await app.executions.cancel('followed-run');
    const run = await cli.done;
    expect(run.code).toBe(130);
    const types = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { _type: string })._type);
    expect(types[0]).toBe('NetworkStarted');
    expect(types[types.length - 1]).toBe('Cancelled');
  });
});
