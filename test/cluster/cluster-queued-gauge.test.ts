import { createWorkflowClient } from '../../client';
import { type TestCluster, testCluster } from '../support/cluster-nodes';
import { httpGetGraph } from '../support/graphs';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { type SlowServer, startSlowServer } from '../support/slow-server';
import { waitFor } from '../support/wait-for';

async function gauges(url: string): Promise<{ queued: number; running: number }> {
  const samples = parsePrometheusText(await (await fetch(`${url}/metrics`)).text());
  return { queued: sampleValue(samples, 'workflow_executions_queued'), running: sampleValue(samples, 'workflow_executions_running') };
}

describe('the queued gauge of a cluster node', () => {
  let cluster: TestCluster;
  let slow: SlowServer;
  beforeAll(async () => {
    cluster = testCluster('clusterqueued');
    slow = await startSlowServer(60_000);
  });
  afterAll(async () => {
    await cluster.destroy();
    await slow.close();
  }, 30_000);

  it('counts the executions waiting in the shared queue while the node runs as many as it may', async () => {
    const node = await cluster.start('gauge', ['--max-concurrent-executions', '1']);
    const client = createWorkflowClient({ baseUrl: node.url });
    const ids = ['held-1', 'held-2', 'held-3', 'held-4'];
    for (const id of ids) await client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: id } });
    await waitFor(async () => JSON.stringify(await gauges(node.url)) === JSON.stringify({ queued: 3, running: 1 }), {
      what: 'three queued and one running',
      timeoutMs: 20_000,
      intervalMs: 200,
    });
    for (const id of ids) await client.cancelWorkflow(id);
    await waitFor(async () => (await gauges(node.url)).queued === 0, { what: 'the queue to empty', timeoutMs: 20_000, intervalMs: 200 });
    for (const id of ids) expect((await client.getWorkflow(id)).data?.data.status).toBe('cancelled');
  }, 90_000);
});
