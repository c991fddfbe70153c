import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtocolClient } from './support/protocol-client';
import { protocolSchemaProblems } from './support/protocol-schema';
import { type TestApp, startTestApp } from './support/test-app';

const TOKEN = 'fbp-protocol-secret-0123456789';

describe('the FBP Network Protocol runtime', () => {
  let app: TestApp;
  const clients: ProtocolClient[] = [];
  const open = async (): Promise<ProtocolClient> => {
    const client = await ProtocolClient.open(app.url, TOKEN);
    clients.push(client);
    return client;
  };
  // Every message sent must fit fbp-protocol's schemas: fbp-client, under fbp-spec and noflo-ui, checks each one.
  afterEach(() => {
    expect(clients.splice(0).flatMap((client) => protocolSchemaProblems(client.log))).toEqual([]);
  });
  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [TOKEN] } });
  });
  afterAll(() => app.close());

  it("passes fbp-protocol's own fbp-test suite, run against the service with a secret", async () => {
    const home = mkdtempSync(join(tmpdir(), 'fbp-test-'));
    const port = Number(new URL(app.url).port);
    writeFileSync(
      join(home, 'fbp-config.json'),
      JSON.stringify({ name: 'workflow-execution-service', command: null, host: '127.0.0.1', port, collection: 'core', version: '0.7' }),
    );
    const child = spawn(process.execPath, [join('node_modules', 'fbp-protocol', 'bin', 'fbp-test')], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, PROJECT_HOME: home, FBP_PROTOCOL_SECRET: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    rmSync(home, { recursive: true, force: true });
    expect(output).toMatch(/\b22 passing\b/);
    expect(output).not.toMatch(/failing/);
    expect(code).toBe(0);
  }, 60_000);

  it('runs a graph built over the protocol, streams its packets and logs, and records it as an execution readable over HTTP', async () => {
    const client = await open();
    expect(client.subprotocol).toBe('noflo');
    client.send('graph', 'clear', { id: 'adder', name: 'Adder', main: true });
    expect((await client.next('graph', 'clear')).payload).toEqual({ id: 'adder', name: 'Adder', main: true });
    client.send('graph', 'addnode', { id: 'add', component: 'tpl_math_add', metadata: { x: 10 }, graph: 'adder' });
    client.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: 'adder' });
    client.send('graph', 'addedge', { src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' }, graph: 'adder' });
    client.send('graph', 'addinitial', { src: { data: 2 }, tgt: { node: 'add', port: 'a-in' }, graph: 'adder' });
    client.send('graph', 'addinitial', { src: { data: 5 }, tgt: { node: 'add', port: 'b-in' }, graph: 'adder' });
    expect((await client.next('graph', 'addinitial')).payload).toEqual({ src: { data: 2 }, tgt: { node: 'add', port: 'a-in' }, metadata: {}, graph: 'adder' });
    await client.next('graph', 'addinitial');

    client.send('network', 'start', { graph: 'adder' });
    const run = await client.until('network', 'stopped');
    const network = (command: string) => run.filter((m) => m.protocol === 'network' && m.command === command).map((m) => m.payload);
    expect(network('started')).toEqual([expect.objectContaining({ graph: 'adder', started: true, running: true, time: expect.any(String) })]);
    expect(network('data')).toEqual([
      { id: 'DATA -> A-IN add()', graph: 'adder', tgt: { node: 'add', port: 'a-in' }, data: 2 },
      { id: 'DATA -> B-IN add()', graph: 'adder', tgt: { node: 'add', port: 'b-in' }, data: 5 },
      { id: 'add() RESULT-OUT -> IN show()', graph: 'adder', src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' }, data: 7 },
    ]);
    expect(network('output')).toEqual([{ message: '7', type: 'message' }]);
    expect(network('stopped')).toEqual([expect.objectContaining({ graph: 'adder', running: false, started: true })]);
    expect(run.find((m) => m.protocol === 'network')).toMatchObject({ command: 'started' });
    client.close();

    const { data } = await app.client.listWorkflows({ workflow_id: 'adder' });
    expect(data!.data.items).toHaveLength(1);
    const [execution] = data!.data.items;
    expect(execution).toMatchObject({ status: 'completed', source: 'fbp-protocol', workflow_id: 'adder' });
    const events = (await app.client.getWorkflowEvents(execution.id)).data!.data.events;
    expect(events.filter((event) => event._type === 'MessageSent')).toEqual([
      expect.objectContaining({ fromActor: 'add', fromPort: 'result-out', toActor: 'show', toPort: 'in', message: 7 }),
    ]);
    expect(events.at(-1)!._type).toBe('Completed');
  });

  it('reports a failing node as network:processerror and the failed run as network:error', async () => {
    const client = await open();
    client.send('graph', 'clear', { id: 'divider' });
    client.send('graph', 'addnode', { id: 'div', component: 'tpl_math_divide', graph: 'divider' });
    client.send('graph', 'addinitial', { src: { data: 1 }, tgt: { node: 'div', port: 'a-in' }, graph: 'divider' });
    client.send('graph', 'addinitial', { src: { data: 0 }, tgt: { node: 'div', port: 'b-in' }, graph: 'divider' });
    client.send('network', 'start', { graph: 'divider' });
    expect((await client.next('network', 'processerror')).payload).toEqual({ id: 'div', error: expect.stringContaining('Division by zero'), graph: 'divider' });
    expect((await client.next('network', 'error')).payload).toEqual({ message: expect.stringContaining('Division by zero'), graph: 'divider' });
    client.send('network', 'getstatus', { graph: 'divider' });
    expect((await client.next('network', 'status')).payload).toEqual({ graph: 'divider', running: false, started: true });
    client.close();
  });

  it('refuses every command whose secret is not one of the auth tokens, and changes nothing', async () => {
    const client = await open();
    client.send('graph', 'clear', { id: 'stolen' }, 'wrong-secret');
    expect((await client.next('graph', 'error')).payload).toEqual({ message: expect.stringContaining('A valid secret is required') });
    client.send('runtime', 'getruntime', {}, '');
    expect((await client.next('runtime', 'runtime')).payload).toMatchObject({ capabilities: [], allCapabilities: expect.arrayContaining(['protocol:graph']) });
    client.send('graph', 'addnode', { id: 'n', component: 'core/Repeat', graph: 'stolen' });
    expect((await client.next('graph', 'error')).payload).toEqual({ message: 'Requested graph not found' });
    client.close();
  });

  it('answers malformed messages and unknown components with protocol errors', async () => {
    const client = await open();
    client.send('graph', 'clear', { id: 'bad' });
    await client.next('graph', 'clear');
    client.send('graph', 'addnode', { id: 'n', component: 'nope/Missing', graph: 'bad' });
    expect((await client.next('graph', 'error')).payload).toEqual({ message: "Component 'nope/Missing' is not in the catalogue" });
    client.send('graph', 'addedge', { src: { node: 'ghost' }, tgt: { node: 'n', port: 'in' }, graph: 'bad' });
    expect((await client.next('graph', 'error')).payload).toEqual({ message: "graph:addedge needs 'src' as {node, port}" });
    client.close();
  });
});
