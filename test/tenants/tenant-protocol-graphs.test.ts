import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DataDirService, startDataDirService } from '../support/data-dir-service';
import { ProtocolClient, type ProtocolMessage } from '../support/protocol-client';

const ACME = 'acme-protocol-token-0123456789';
const GLOBEX = 'globex-protocol-token-0123456789';
const OPS = 'ops-protocol-token-0123456789ab';

const AUTH_TOKENS = [
  OPS,
  { token: ACME, name: 'acme-ci', scopes: ['run'], tenant: 'acme' },
  { token: GLOBEX, name: 'globex-ci', scopes: ['run'], tenant: 'globex' },
];

// Builds a graph that prints `a + b` once started, under `id`, with a node named after its tenant.
async function buildAdder(client: ProtocolClient, id: string, a: number, b: number, extra: Record<string, unknown> = {}): Promise<void> {
  client.send('graph', 'clear', { id, name: id, ...extra });
  client.send('graph', 'addnode', { id: 'add', component: 'tpl_math_add', graph: id });
  client.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: id });
  client.send('graph', 'addedge', { src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' }, graph: id });
  client.send('graph', 'addinitial', { src: { data: a }, tgt: { node: 'add', port: 'a-in' }, graph: id });
  client.send('graph', 'addinitial', { src: { data: b }, tgt: { node: 'add', port: 'b-in' }, graph: id });
  await client.next('graph', 'addinitial');
  await client.next('graph', 'addinitial');
}

// The printed outputs of one run of a graph's network.
async function runOutputs(client: ProtocolClient, graph: string): Promise<unknown[]> {
  client.send('network', 'start', { graph });
  const run = await client.until('network', 'stopped');
  return run.filter((message) => message.command === 'output').map((message) => message.payload.message);
}

// The next message of `protocol` that is one of `commands`, the others before it skipped.
async function nextOf(client: ProtocolClient, protocol: string, commands: readonly string[]): Promise<ProtocolMessage> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = client.pending.find((message) => message.protocol === protocol && commands.includes(message.command));
    if (found !== undefined) return client.next(protocol, found.command);
    if (Date.now() > deadline) throw new Error(`No ${protocol}:${commands.join('/')} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The nodes of a graph, as its source tells them, or the error that answered.
async function nodesOf(client: ProtocolClient, graph: string): Promise<string[] | ProtocolMessage> {
  client.send('component', 'getsource', { name: graph });
  const answer = await nextOf(client, 'component', ['source', 'error']);
  if (answer.command === 'error') return answer;
  return Object.keys((JSON.parse(answer.payload.code as string) as { processes: Record<string, unknown> }).processes).sort();
}

describe('FBP protocol graphs of two tenants on one service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tenant-protocol-graphs-'));
  let service: DataDirService;
  const clients: ProtocolClient[] = [];
  const open = async (secret: string): Promise<ProtocolClient> => {
    const client = await ProtocolClient.open(service.url, secret);
    clients.push(client);
    return client;
  };
  const workflows = async (token: string): Promise<{ id: string; source: string; workflow_id: string }[]> => {
    const answer = await fetch(`${service.url}/workflows?limit=100`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { items: { id: string; source: string; workflow_id: string }[] } }).data.items;
  };

  beforeAll(async () => {
    service = await startDataDirService(dataDir, { auth_tokens: AUTH_TOKENS });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a graph id two tenants and the operators each use apart: each builds, reads and runs its own', async () => {
    const acme = await open(ACME);
    const globex = await open(GLOBEX);
    const ops = await open(OPS);
    await buildAdder(acme, 'shared-graph', 2, 5);
    await buildAdder(globex, 'shared-graph', 10, 20);
    await buildAdder(ops, 'shared-graph', 100, 200);
    globex.send('graph', 'addnode', { id: 'globex-only', component: 'core/Output', graph: 'shared-graph' });
    await globex.next('graph', 'addnode');
    expect(await nodesOf(acme, 'shared-graph')).toEqual(['add', 'show']);
    expect(await nodesOf(globex, 'shared-graph')).toEqual(['add', 'globex-only', 'show']);
    expect(await nodesOf(ops, 'shared-graph')).toEqual(['add', 'show']);
    expect(await runOutputs(acme, 'shared-graph')).toEqual(['7']);
    expect(await runOutputs(globex, 'shared-graph')).toEqual(['30']);
    expect(await runOutputs(ops, 'shared-graph')).toEqual(['300']);
    // Each network's packets went to its own tenant's clients only.
    expect(acme.log.filter((message) => message.command === 'output').map((message) => message.payload.message)).toEqual(['7']);
    expect(ops.log.filter((message) => message.command === 'output').map((message) => message.payload.message)).toEqual(['300']);
  });

  it("answers another tenant's graph exactly as a graph that does not exist, and changes nothing of it", async () => {
    const acme = await open(ACME);
    const globex = await open(GLOBEX);
    await buildAdder(acme, 'acme-private', 1, 1);
    const unknown: Record<string, unknown>[] = [];
    const other: Record<string, unknown>[] = [];
    for (const [into, graph] of [
      [unknown, 'never-built'],
      [other, 'acme-private'],
    ] as const) {
      globex.send('graph', 'addnode', { id: 'intruder', component: 'core/Output', graph });
      into.push((await globex.next('graph', 'error')).payload);
      globex.send('network', 'start', { graph });
      into.push((await globex.next('network', 'error')).payload);
      globex.send('network', 'getstatus', { graph });
      into.push((await globex.next('network', 'error')).payload);
      globex.send('runtime', 'packet', { graph, port: 'in', event: 'data', payload: 1 });
      into.push((await globex.next('runtime', 'error')).payload);
      globex.send('component', 'getsource', { name: graph });
      into.push((await globex.next('component', 'error')).payload);
    }
    expect(JSON.parse(JSON.stringify(other).replaceAll('acme-private', 'never-built'))).toEqual(unknown);
    expect(other.map((payload) => payload.message)).toContain('Requested graph not found');
    expect(await nodesOf(acme, 'acme-private')).toEqual(['add', 'show']);
    acme.send('network', 'getstatus', { graph: 'acme-private' });
    expect((await acme.next('network', 'status')).payload).toMatchObject({ graph: 'acme-private', running: false, started: false });
    expect((await workflows(ACME)).some((run) => run.workflow_id === 'acme-private')).toBe(false);
  });

  it("lists the actors and a tenant's own graph components only, and lets no other tenant's graph use one", async () => {
    const acme = await open(ACME);
    const globex = await open(GLOBEX);
    const ops = await open(OPS);
    await buildAdder(acme, 'acme-part', 1, 2, { library: 'parts' });
    await buildAdder(ops, 'ops-part', 1, 2, { library: 'parts' });
    const listed = async (client: ProtocolClient) => {
      client.send('component', 'list');
      const messages = await client.until('component', 'componentsready');
      return messages.filter((message) => message.command === 'component').map((message) => message.payload.name as string);
    };
    const acmeList = await listed(acme);
    const globexList = await listed(globex);
    const opsList = await listed(ops);
    expect(acmeList).toContain('parts/acme-part');
    expect(acmeList).not.toContain('parts/ops-part');
    expect(globexList.filter((name) => name.startsWith('parts/'))).toEqual([]);
    expect(opsList).toContain('parts/ops-part');
    expect(opsList).not.toContain('parts/acme-part');
    expect(globexList).toContain('core/Output');
    globex.send('graph', 'clear', { id: 'user' });
    globex.send('graph', 'addnode', { id: 'part', component: 'parts/acme-part', graph: 'user' });
    expect((await globex.next('graph', 'error')).payload.message).toBe("Component 'parts/acme-part' is not in the catalogue");
    acme.send('graph', 'clear', { id: 'user' });
    acme.send('graph', 'addnode', { id: 'part', component: 'parts/acme-part', graph: 'user' });
    expect((await acme.next('graph', 'addnode')).payload).toMatchObject({ id: 'part', component: 'parts/acme-part', graph: 'user' });
    expect(await runOutputs(acme, 'user')).toEqual(['3']);
  });

  it("records a started network's execution with the connection's tenant, listed to that tenant (and the operators) only", async () => {
    const acme = await open(ACME);
    await buildAdder(acme, 'acme-recorded', 3, 4);
    expect(await runOutputs(acme, 'acme-recorded')).toEqual(['7']);
    const acmeRuns = (await workflows(ACME)).filter((run) => run.workflow_id === 'acme-recorded');
    expect(acmeRuns).toHaveLength(1);
    expect(acmeRuns[0].source).toBe('fbp-protocol');
    expect((await workflows(GLOBEX)).some((run) => run.id === acmeRuns[0].id)).toBe(false);
    expect((await workflows(OPS)).some((run) => run.id === acmeRuns[0].id)).toBe(true);
    const other = await fetch(`${service.url}/workflows/${acmeRuns[0].id}`, { headers: { authorization: `Bearer ${GLOBEX}` } });
    expect(other.status).toBe(404);
    const mine = await fetch(`${service.url}/workflows/${acmeRuns[0].id}`, { headers: { authorization: `Bearer ${ACME}` } });
    expect(((await mine.json()) as { data: { tenant?: string } }).data.tenant).toBe('acme');
  });

  it("refuses on one connection a secret of another tenant than its first, acting on neither tenant's graphs", async () => {
    const acme = await open(ACME);
    await buildAdder(acme, 'acme-first', 1, 1);
    acme.send('graph', 'clear', { id: 'acme-first' }, GLOBEX);
    expect((await acme.next('graph', 'error')).payload.message).toMatch(/another tenant/);
    expect(await nodesOf(acme, 'acme-first')).toEqual(['add', 'show']);
    const globex = await open(GLOBEX);
    expect(await nodesOf(globex, 'acme-first')).toMatchObject({ payload: { message: "Component 'acme-first' not found" } });
  });

  it('reads each graph back into its own tenant after the service is built again on the same data_dir', async () => {
    const acme = await open(ACME);
    const globex = await open(GLOBEX);
    await buildAdder(acme, 'kept', 20, 1);
    await buildAdder(globex, 'kept', 40, 2);
    acme.close();
    globex.close();
    await service.stop();
    service = await startDataDirService(dataDir, { auth_tokens: AUTH_TOKENS });
    const acmeAgain = await open(ACME);
    const globexAgain = await open(GLOBEX);
    const opsAgain = await open(OPS);
    expect(await runOutputs(acmeAgain, 'kept')).toEqual(['21']);
    expect(await runOutputs(globexAgain, 'kept')).toEqual(['42']);
    expect(await runOutputs(opsAgain, 'shared-graph')).toEqual(['300']);
    expect(await nodesOf(opsAgain, 'kept')).toMatchObject({ payload: { message: "Component 'kept' not found" } });
    expect((await workflows(ACME)).filter((run) => run.workflow_id === 'kept')).toHaveLength(1);
  });
});
