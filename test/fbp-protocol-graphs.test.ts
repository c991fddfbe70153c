import { openFbpClient } from './support/fbp-client';
import { type ProtocolClient } from './support/protocol-client';
import { useProtocolRuntime } from './support/protocol-runtime-fixture';

/** A graph that adds 2 and 5 and shows the sum: three packets, on two initial connections and one edge. */
async function adder(client: ProtocolClient, id: string): Promise<void> {
  client.send('graph', 'clear', { id });
  client.send('graph', 'addnode', { id: 'add', component: 'tpl_math_add', graph: id });
  client.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: id });
  client.send('graph', 'addedge', { src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' }, graph: id });
  client.send('graph', 'addinitial', { src: { data: 2 }, tgt: { node: 'add', port: 'a-in' }, graph: id });
  client.send('graph', 'addinitial', { src: { data: 5 }, tgt: { node: 'add', port: 'b-in' }, graph: id });
  await client.next('graph', 'addinitial');
  await client.next('graph', 'addinitial');
}

describe('the graph and network subprotocols of the FBP runtime', () => {
  const runtime = useProtocolRuntime('fbp-graphs');
  const open = (secret?: string) => runtime.open(secret);

  it('adds, changes, renames and removes groups, and keeps them in the graph it runs', async () => {
    const client = await open();
    await adder(client, 'grouped');
    client.send('graph', 'addgroup', { name: 'math', nodes: ['add'], metadata: { description: 'Sums' }, graph: 'grouped' });
    expect((await client.next('graph', 'addgroup')).payload).toEqual({ name: 'math', nodes: ['add'], metadata: { description: 'Sums' }, graph: 'grouped' });
    client.send('graph', 'changegroup', { name: 'math', metadata: { color: 2, description: null }, graph: 'grouped' });
    expect((await client.next('graph', 'changegroup')).payload).toEqual({ name: 'math', metadata: { color: 2 }, graph: 'grouped' });
    client.send('graph', 'renamegroup', { from: 'math', to: 'sums', graph: 'grouped' });
    expect((await client.next('graph', 'renamegroup')).payload).toEqual({ from: 'math', to: 'sums', graph: 'grouped' });
    client.send('graph', 'renamenode', { from: 'add', to: 'plus', graph: 'grouped' });
    client.send('graph', 'addgroup', { name: 'ghosts', nodes: ['nobody'], graph: 'grouped' });
    expect((await client.next('graph', 'error')).payload).toEqual({ message: "Requested node 'nobody' not found" });
    client.send('component', 'getsource', { name: 'grouped' });
    expect(JSON.parse((await client.next('component', 'source')).payload.code as string).groups).toEqual([
      { name: 'sums', nodes: ['plus'], metadata: { color: 2 } },
    ]);
    client.send('graph', 'removegroup', { name: 'sums', graph: 'grouped' });
    expect((await client.next('graph', 'removegroup')).payload).toEqual({ name: 'sums', graph: 'grouped' });
    client.send('graph', 'removegroup', { name: 'sums', graph: 'grouped' });
    expect((await client.next('graph', 'error')).payload).toEqual({ message: "Requested group 'sums' not found" });
    client.close();
  });

  it('sends the packets of only the selected edges in debug mode, and of every edge out of it', async () => {
    const client = await open();
    await adder(client, 'debugged');
    client.send('network', 'edges', { graph: 'debugged', edges: [{ src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' } }] });
    expect((await client.next('network', 'edges')).payload).toEqual({
      graph: 'debugged',
      edges: [{ src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' } }],
    });
    client.send('network', 'debug', { graph: 'debugged', enable: true });
    expect((await client.next('network', 'debug')).payload).toEqual({ graph: 'debugged', enable: true });
    client.send('network', 'start', { graph: 'debugged' });
    let run = await client.until('network', 'stopped');
    expect(run.filter((m) => m.command === 'data').map((m) => m.payload.id)).toEqual(['add() RESULT-OUT -> IN show()']);

    client.send('network', 'edges', { graph: 'debugged', edges: [] });
    await client.next('network', 'edges');
    client.send('network', 'start', { graph: 'debugged' });
    run = await client.until('network', 'stopped');
    expect(run.filter((m) => m.command === 'data')).toEqual([]);

    client.send('network', 'debug', { graph: 'debugged', enable: false });
    await client.next('network', 'debug');
    client.send('network', 'start', { graph: 'debugged' });
    run = await client.until('network', 'stopped');
    expect(run.filter((m) => m.command === 'data')).toHaveLength(3);

    client.send('network', 'debug', { graph: 'debugged', enable: 'yes' });
    expect((await client.next('network', 'error')).payload).toEqual({ message: "network:debug needs 'enable' as a boolean", graph: 'debugged' });
    client.send('network', 'edges', { graph: 'debugged', edges: [{ src: { node: 'add' } }] });
    expect((await client.next('network', 'error')).payload.message).toMatch(/needs 'edges' as a list/);
    client.close();
  });

  it("answers fbp-client's debug() with the one reply it matches, network:debug, which fbp-protocol does not define", async () => {
    const lenient = await openFbpClient(runtime.app.url, { skipValidation: true, skipPermissions: true });
    const reported: string[] = [];
    lenient.on('protocolError', (error) => reported.push(error.message));
    await lenient.protocol.graph.clear({ id: 'debugged-by-client' });
    await lenient.protocol.graph.addnode({ id: 'repeat', component: 'core/Repeat', graph: 'debugged-by-client' });
    expect(await lenient.protocol.network.debug({ graph: 'debugged-by-client', enable: true })).toEqual({ enable: true, graph: 'debugged-by-client' });
    expect(reported).toEqual(['no schema with key or ref "/network/output/debug"']);

    // fbp-protocol 0.9.8 has neither a schema nor a capability for any reply to network:debug, so a client that
    // checks both refuses every possible answer; noflo-ui, which checks capabilities only, never sends the command.
    const strict = await openFbpClient(runtime.app.url, { commandTimeout: 500 });
    await expect(strict.protocol.network.debug({ graph: 'debugged-by-client', enable: false })).rejects.toThrow(
      'no schema with key or ref "/network/output/debug"',
    );
    const likeNofloUi = await openFbpClient(runtime.app.url, { skipValidation: true, commandTimeout: 500 });
    await expect(likeNofloUi.protocol.network.debug({ graph: 'debugged-by-client', enable: false })).rejects.toThrow(
      'Not permitted to receive network:debug messages',
    );
    await Promise.all([lenient.disconnect(), strict.disconnect(), likeNofloUi.disconnect()]);
  });

  it('replaces a graph cleared again under its id', async () => {
    const client = await open();
    await adder(client, 'replaced');
    client.send('graph', 'clear', { id: 'replaced', name: 'Again' });
    expect((await client.next('graph', 'clear')).payload).toEqual({ id: 'replaced', name: 'Again' });
    client.send('graph', 'removenode', { id: 'add', graph: 'replaced' });
    expect((await client.next('graph', 'error')).payload).toEqual({ message: "Requested node 'add' not found" });
    client.close();
  });
});
