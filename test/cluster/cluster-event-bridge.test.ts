import { type FakeIde, startFakeIde } from '../support/fake-ide';
import { multiplyGraph } from '../support/graphs';
import { type TestCluster, testCluster } from '../support/cluster-nodes';
import { waitFor } from '../support/wait-for';

describe('the IDE event bridge in a cluster', () => {
  let ide: FakeIde;
  let cluster: TestCluster;
  let urls: string[];
  beforeAll(async () => {
    ide = await startFakeIde();
    cluster = testCluster('clusterbridge');
    urls = (await Promise.all(['node-a', 'node-b'].map((id) => cluster.start(id, ['--ide-url', ide.url])))).map((node) => node.url);
  }, 60_000);
  afterAll(async () => {
    await cluster.destroy();
    await ide.close();
  }, 30_000);

  it('forwards each run once, from the node that runs it: one trace session, its events and its completion', async () => {
    await waitFor(() => ide.connections.length === 2, { what: 'both nodes to connect to the IDE', timeoutMs: 10_000 });
    expect(ide.connections.map((connection) => connection.nodeId).sort()).toEqual(['node-a', 'node-b']);
    const ids = Array.from({ length: 12 }, (_, i) => `traced-${i}`);
    for (const id of ids) {
      const response = await fetch(`${urls[0]}/workflows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ graph_json: multiplyGraph(), input: { x: 2, y: 3 }, metadata: { execution_id: id } }),
      });
      expect(response.status).toBe(200);
    }
    await waitFor(() => ids.every((id) => ide.trace(id)?.completion !== undefined), { what: 'every trace to complete', timeoutMs: 20_000, intervalMs: 100 });
    const runners = new Set<string>();
    for (const id of ids) {
      const opened = ide.requests.filter(
        (request) => request.path === '/api/zip/traces/sessions' && (request.body as { executionId?: string }).executionId === id,
      );
      expect(opened).toHaveLength(1);
      expect(ide.trace(id)!.completion).toMatchObject({ status: 'success' });
      const view = (await (await fetch(`${urls[1]}/workflows/${id}`)).json()) as { data: { node_id: string } };
      runners.add(view.data.node_id);
      const live = ide.liveFor(id);
      expect(live[0]).toMatchObject({ type: 'execution.started', executionId: id });
      expect(live[live.length - 1]).toMatchObject({ type: 'execution.completed', executionId: id });
    }
    expect([...runners].every((node) => node === 'node-a' || node === 'node-b')).toBe(true);
  }, 60_000);
});
