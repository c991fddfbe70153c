import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDataDirService } from './support/data-dir-service';
import { ProtocolClient } from './support/protocol-client';

describe('graphs built over the FBP protocol', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fbp-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are still there, whole, groups included, after the service is built again on the same data_dir, whose runtime keeps its id', async () => {
    const first = await startDataDirService(dataDir);
    const client = await ProtocolClient.open(first.url);
    client.send('graph', 'clear', { id: 'adder', name: 'Adder' });
    client.send('graph', 'addnode', { id: 'add', component: 'tpl_math_add', metadata: { x: 10 }, graph: 'adder' });
    client.send('graph', 'addnode', { id: 'show', component: 'core/Output', graph: 'adder' });
    client.send('graph', 'addedge', { src: { node: 'add', port: 'result-out' }, tgt: { node: 'show', port: 'in' }, graph: 'adder' });
    client.send('graph', 'addinitial', { src: { data: 2 }, tgt: { node: 'add', port: 'a-in' }, graph: 'adder' });
    client.send('graph', 'addinitial', { src: { data: 5 }, tgt: { node: 'add', port: 'b-in' }, graph: 'adder' });
    await client.next('graph', 'addinitial');
    await client.next('graph', 'addinitial');
    client.send('graph', 'addgroup', { name: 'all', nodes: ['add', 'show'], graph: 'adder' });
    await client.next('graph', 'addgroup');
    client.send('runtime', 'getruntime');
    const { id } = (await client.next('runtime', 'runtime')).payload;
    client.close();
    await first.stop();

    const second = await startDataDirService(dataDir);
    const again = await ProtocolClient.open(second.url);
    again.send('runtime', 'getruntime');
    expect((await again.next('runtime', 'runtime')).payload.id).toBe(id);
    again.send('component', 'getsource', { name: 'adder' });
    expect(JSON.parse((await again.next('component', 'source')).payload.code as string).groups).toEqual([
      { name: 'all', nodes: ['add', 'show'], metadata: {} },
    ]);
    again.send('network', 'start', { graph: 'adder' });
    const run = await again.until('network', 'stopped');
    expect(run.filter((m) => m.command === 'output').map((m) => m.payload)).toEqual([{ message: '7', type: 'message' }]);
    again.send('graph', 'removenode', { id: 'show', graph: 'adder' });
    expect((await again.next('graph', 'removeedge')).payload).toEqual({
      src: { node: 'add', port: 'result-out' },
      tgt: { node: 'show', port: 'in' },
      graph: 'adder',
    });
    again.close();
    await second.stop();
  });
});
