import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type WorkflowClient, createWorkflowClient } from '../../client';
import { type GraphJson } from '../../model';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { waitFor } from '../support/wait-for';

const cronGraph: GraphJson = {
  processes: { tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '* * * * * *' } } } },
  connections: [],
};
const intervalGraph: GraphJson = {
  processes: { tick: { component: 'tpl_interval_trigger', metadata: { config: { interval: 1000, maxExecutions: 4 } } } },
  connections: [],
};

/**
 * The tick time of every run a deployment's cron trigger started (the payload's timestamp, left on its
 * unconnected port), in order. A run the kill cut short has no outputs: its tick came before the kill.
 */
async function tickTimes(client: WorkflowClient, workflowId: string): Promise<number[]> {
  const { data } = await client.listWorkflows({ limit: 100, workflow_id: workflowId });
  const times: number[] = [];
  for (const summary of data!.data.items) {
    const execution = await client.waitForCompletion(summary.id);
    const payload = execution.result?.outputs['tick.trigger-out'] as { timestamp: string } | undefined;
    if (payload === undefined) {
      expect(execution.result?.errors).toEqual([{ message: 'The server stopped while this execution was running' }]);
      continue;
    }
    times.push(Date.parse(payload.timestamp));
  }
  return times.sort((a, b) => a - b);
}

describe('deployments across a restart', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engine-deploy-restart-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps deployments and their trigger counts, and does not replay the ticks that fell while it was down', async () => {
    const first = await startServerProcess(['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0']);
    servers.push(first);
    let client = createWorkflowClient({ baseUrl: first.url });
    expect((await client.createDeployment({ name: 'secondly', graph_json: { ...cronGraph, properties: { name: 'secondly' } } })).response.status).toBe(201);
    expect((await client.createDeployment({ name: 'fourtimes', graph_json: { ...intervalGraph, properties: { name: 'fourtimes' } } })).response.status).toBe(
      201,
    );
    await waitFor(async () => (await client.getDeployment('fourtimes')).data!.data.triggers[0].executions_started >= 2, {
      timeoutMs: 8000,
      what: 'two interval ticks',
    });
    await waitFor(async () => (await client.getDeployment('secondly')).data!.data.triggers[0].executions_started >= 2, {
      timeoutMs: 8000,
      what: 'two cron ticks',
    });
    await first.stop('SIGKILL');
    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const restartAt = Date.now();
    const second = await startServerProcess(['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0']);
    servers.push(second);
    client = createWorkflowClient({ baseUrl: second.url });
    expect((await client.listDeployments()).data!.data.items.map((d) => d.id)).toEqual(['secondly', 'fourtimes']);
    await waitFor(async () => (await client.getDeployment('fourtimes')).data!.data.triggers[0].executions_started === 4, {
      timeoutMs: 8000,
      what: 'the interval trigger to reach maxExecutions',
    });
    const cronBefore = (await client.getDeployment('secondly')).data!.data.triggers[0].executions_started;
    await waitFor(async () => (await client.getDeployment('secondly')).data!.data.triggers[0].executions_started >= cronBefore + 2, {
      timeoutMs: 8000,
      what: 'cron ticks after the restart',
    });
    // No run stands for a tick that fell while the service was down.
    expect((await tickTimes(client, 'secondly')).filter((at) => at > downAt + 200 && at < restartAt)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await client.getDeployment('fourtimes')).data!.data.triggers[0]).toMatchObject({ executions_started: 4, next_ticks: [] });
  }, 60_000);
});
