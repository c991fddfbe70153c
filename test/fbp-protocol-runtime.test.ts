import { ProtocolClient } from './support/protocol-client';
import { useProtocolRuntime } from './support/protocol-runtime-fixture';
import { startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const TOKEN = 'fbp-runtime-protocol-secret-0123456789';

/** Builds an adder graph whose operands are exported inports and whose sum is an exported outport. */
async function exportedAdder(client: ProtocolClient, id: string): Promise<void> {
  client.send('graph', 'clear', { id, name: id, main: false, icon: '', description: '' });
  await client.next('graph', 'clear');
  client.send('graph', 'addnode', { id: 'add', component: 'tpl_math_add', graph: id });
  client.send('graph', 'addinport', { public: 'a', node: 'add', port: 'a-in', graph: id });
  client.send('graph', 'addinport', { public: 'b', node: 'add', port: 'b-in', graph: id });
  client.send('graph', 'addoutport', { public: 'sum', node: 'add', port: 'result-out', graph: id });
  await client.next('graph', 'addoutport');
}

describe('the runtime subprotocol of the FBP runtime', () => {
  const runtime = useProtocolRuntime('fbp-runtime', { auth_tokens: [TOKEN] });
  const open = (secret?: string) => runtime.open(secret);

  it('advertises exactly the capabilities it implements, with its configured type and a UUID', async () => {
    const client = await open(TOKEN);
    client.send('runtime', 'getruntime');
    const { payload } = await client.next('runtime', 'runtime');
    expect(payload).toMatchObject({ type: 'noflo-nodejs', version: '0.7', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect([...(payload.capabilities as string[])].sort()).toEqual(
      [
        'component:getsource',
        'component:setsource',
        'network:control',
        'network:data',
        'network:status',
        'protocol:component',
        'protocol:graph',
        'protocol:network',
        'protocol:runtime',
      ].sort(),
    );
    client.close();
  });

  it('takes empty strings for icon and description as unset, as fbp-client sends them', async () => {
    const client = await open(TOKEN);
    client.send('graph', 'clear', { id: 'blank', name: 'blank', icon: '', description: '', library: '' });
    expect((await client.next('graph', 'clear')).payload).toEqual({ id: 'blank', name: 'blank' });
    client.close();
  });

  it('sends runtime:ports on each change of the exported ports, and for the main graph after getruntime', async () => {
    const client = await open(TOKEN);
    client.send('graph', 'clear', { id: 'ported', main: true });
    expect((await client.next('runtime', 'ports')).payload).toEqual({ graph: 'ported', inPorts: [], outPorts: [] });
    client.send('graph', 'addnode', { id: 'add', component: 'tpl_math_add', graph: 'ported' });
    client.send('graph', 'addinport', { public: 'a', node: 'add', port: 'a-in', graph: 'ported', metadata: { description: 'First' } });
    expect((await client.next('runtime', 'ports')).payload).toEqual({
      graph: 'ported',
      inPorts: [{ id: 'a', type: 'number', required: true, addressable: false, description: 'First' }],
      outPorts: [],
    });
    client.send('graph', 'renameinport', { from: 'a', to: 'x', graph: 'ported' });
    expect(((await client.next('runtime', 'ports')).payload.inPorts as { id: string }[]).map((port) => port.id)).toEqual(['x']);
    client.send('runtime', 'getruntime');
    expect((await client.next('runtime', 'runtime')).payload.graph).toBe('ported');
    expect((await client.next('runtime', 'ports')).payload.graph).toBe('ported');
    client.close();
  });

  it('runs a graph once per set of packets on its exported inports, starting its network, and sends back its outputs', async () => {
    const client = await open(TOKEN);
    await exportedAdder(client, 'fixture.adder');
    client.send('runtime', 'packet', { graph: 'fixture.adder', port: 'a', event: 'data', payload: 2 });
    expect((await client.next('network', 'started')).payload).toMatchObject({ graph: 'fixture.adder', running: true });
    expect((await client.next('runtime', 'packetsent')).payload).toEqual({ graph: 'fixture.adder', port: 'a', event: 'data', payload: 2 });
    client.send('runtime', 'packet', { graph: 'fixture.adder', port: 'b', event: 'data', payload: 5 });
    await client.next('runtime', 'packetsent');
    expect((await client.next('runtime', 'packet')).payload).toEqual({ graph: 'fixture.adder', port: 'sum', event: 'data', payload: 7 });

    // The network keeps listening: the next set runs the graph again.
    client.send('runtime', 'packet', { graph: 'fixture.adder', port: 'b', event: 'data', payload: 1 });
    client.send('runtime', 'packet', { graph: 'fixture.adder', port: 'a', event: 'data', payload: 10 });
    expect((await client.next('runtime', 'packet')).payload).toMatchObject({ port: 'sum', payload: 11 });
    client.send('network', 'getstatus', { graph: 'fixture.adder' });
    expect((await client.next('network', 'status')).payload).toMatchObject({ graph: 'fixture.adder', running: true, started: true });
    client.send('network', 'stop', { graph: 'fixture.adder' });
    expect((await client.next('network', 'stopped')).payload).toMatchObject({ graph: 'fixture.adder', running: false, started: false });
    const { data } = await runtime.app.client.listWorkflows({ workflow_id: 'fixture.adder' });
    expect(data!.data.items.map((execution) => execution.status)).toEqual(['completed', 'completed']);
    client.close();
  });

  it('starts a run as soon as the required inports hold packets, as a NoFlo component fires, and keeps control packets for later runs', async () => {
    const client = await open(TOKEN);
    const id = 'fixture.kick';
    client.send('graph', 'clear', { id, main: false });
    client.send('graph', 'addnode', { id: 'kick', component: 'core/Kick', graph: id });
    client.send('graph', 'addinport', { public: 'go', node: 'kick', port: 'in', graph: id });
    client.send('graph', 'addinport', { public: 'data', node: 'kick', port: 'data', graph: id });
    client.send('graph', 'addoutport', { public: 'out', node: 'kick', port: 'out', graph: id });
    await client.next('graph', 'addoutport');
    const sent = async (port: string, payload: unknown) => {
      client.send('runtime', 'packet', { graph: id, port, event: 'data', payload });
      await client.next('runtime', 'packetsent');
    };
    const output = async () => (await client.next('runtime', 'packet')).payload.payload;
    const completed = async () => (await runtime.app.client.listWorkflows({ workflow_id: id, status: 'completed' })).data!.data.items.length;

    // A packet of an optional inport alone starts nothing; the kick that follows takes it.
    await sent('data', 'first');
    await sent('go', 1);
    expect(await output()).toBe('first');
    // `data` is a control port: its packet holds for the next kicks, until a newer one replaces it.
    await sent('go', 2);
    expect(await output()).toBe('first');
    // With no run in flight, a kick takes what is there when it arrives; the packet sent right after it waits.
    await waitFor(async () => (await completed()) === 2, { what: 'the second run to end' });
    client.send('runtime', 'packet', { graph: id, port: 'go', event: 'data', payload: 3 });
    client.send('runtime', 'packet', { graph: id, port: 'data', event: 'data', payload: 'second' });
    expect(await output()).toBe('first');
    await sent('go', 4);
    expect(await output()).toBe('second');
    client.send('network', 'stop', { graph: id });
    await client.next('network', 'stopped');

    // A stop forgets the kept packet: a kick of the new network sends null, as an unfed Kick does.
    await sent('go', 5);
    expect(await output()).toBeNull();
    await waitFor(async () => (await completed()) === 5, { what: 'every run to end' });
    client.close();
  });

  it('sends the groups a packet was sent within back around the packets it gives the outports, as NoFlo does', async () => {
    const client = await open(TOKEN);
    const graph = 'fixture.groups';
    await exportedAdder(client, graph);
    // Not waiting for each packetsent: waiting for one would skip the outputs that came before it.
    const send = (port: string, event: string, payload: unknown) => client.send('runtime', 'packet', { graph, port, event, payload });
    const outputs = async (count: number) => {
      const packets = [];
      for (let i = 0; i < count; i++) packets.push((await client.next('runtime', 'packet')).payload);
      return packets.map(({ event, payload }) => [event, payload]);
    };
    // A bracket alone starts nothing: the run waits for data on both inports.
    send('a', 'begingroup', 'g');
    expect((await client.next('runtime', 'packetsent')).payload).toEqual({ graph, port: 'a', event: 'begingroup', payload: 'g' });
    send('a', 'data', 1);
    send('a', 'endgroup', 'g');
    send('b', 'data', 2);
    expect(await outputs(3)).toEqual([
      ['begingroup', 'g'],
      ['data', 3],
      ['endgroup', 'g'],
    ]);
    // The adder's sum goes within the groups of its first inport whose packet has some: here `b`'s two.
    send('b', 'begingroup', 'outer');
    send('b', 'begingroup', { n: 1 });
    send('a', 'data', 10);
    send('b', 'data', 20);
    send('b', 'endgroup', { n: 1 });
    send('b', 'endgroup', 'outer');
    expect(await outputs(5)).toEqual([
      ['begingroup', 'outer'],
      ['begingroup', { n: 1 }],
      ['data', 30],
      ['endgroup', { n: 1 }],
      ['endgroup', 'outer'],
    ]);
    // Outside every group, the packet comes alone.
    send('a', 'data', 100);
    send('b', 'data', 200);
    expect(await outputs(1)).toEqual([['data', 300]]);
    client.send('network', 'stop', { graph });
    await client.next('network', 'stopped');
    client.close();
  });

  it('acknowledges connect and disconnect as NoFlo ignores them, and refuses a packet for a port the graph does not export', async () => {
    const client = await open(TOKEN);
    await exportedAdder(client, 'fixture.brackets');
    client.send('runtime', 'packet', { graph: 'fixture.brackets', port: 'nope', event: 'begingroup', payload: 'g' });
    expect((await client.next('runtime', 'error')).payload).toEqual({ message: "Graph 'fixture.brackets' has no exported inport 'nope'" });
    client.send('runtime', 'packet', { graph: 'fixture.brackets', port: 'a', event: 'connect' });
    expect((await client.next('runtime', 'packetsent')).payload).toEqual({ graph: 'fixture.brackets', port: 'a', event: 'connect' });
    client.send('network', 'getstatus', { graph: 'fixture.brackets' });
    expect((await client.next('network', 'status')).payload).toMatchObject({ running: false, started: false });
    client.send('runtime', 'packet', { graph: 'fixture.brackets', port: 'nope', event: 'data', payload: 1 });
    expect((await client.next('runtime', 'error')).payload).toEqual({ message: "Graph 'fixture.brackets' has no exported inport 'nope'" });
    client.send('runtime', 'packet', { graph: 'fixture.brackets', port: 'a', event: 'shout', payload: 1 });
    expect((await client.next('runtime', 'error')).payload.message).toMatch(/'event' as one of/);
    client.close();
  });
});

describe('runtime:packet and the request budget', () => {
  it("counts each data packet against the client's request budget, as a start over HTTP does", async () => {
    const app = await startTestApp({ config: { rate_limit_requests_per_minute: 2 } });
    try {
      const client = await ProtocolClient.open(app.url);
      await exportedAdder(client, 'fixture.budget');
      for (const payload of [1, 2]) {
        client.send('runtime', 'packet', { graph: 'fixture.budget', port: 'a', event: 'data', payload });
        await client.next('runtime', 'packetsent');
      }
      client.send('runtime', 'packet', { graph: 'fixture.budget', port: 'a', event: 'data', payload: 3 });
      expect((await client.next('runtime', 'error')).payload.message).toMatch(/rate limit|Too many/i);
      client.send('network', 'stop', { graph: 'fixture.budget' });
      await client.next('network', 'stopped');
      client.close();
    } finally {
      await app.close();
    }
  });
});
