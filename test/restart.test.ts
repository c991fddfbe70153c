import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorkflowClient } from '../client';
import { httpGetGraph, multiplyGraph } from './support/graphs';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { waitFor } from './support/wait-for';

describe('a restart of the server', () => {
  let dataDir: string;
  let slow: SlowServer;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engine-restart-'));
    slow = await startSlowServer(60_000);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await slow.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps finished executions with their results and events, and marks one that was running and opted out of resuming as failed', async () => {
    const first = await startServerProcess(['--data-dir', dataDir]);
    servers.push(first);
    const client = createWorkflowClient({ baseUrl: first.url });
    await client.startWorkflow({ graph_json: multiplyGraph(), input: { x: 6, y: 7 }, metadata: { execution_id: 'kept' } });
    const kept = await client.waitForCompletion('kept');
    const keptEvents = (await client.getWorkflowEvents('kept')).data!.data.events;
    await client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: 'cut', resume_if_interrupted: false } });
    await waitFor(() => slow.requests > 0, { what: 'the long run to start', timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first.stop('SIGKILL');

    const second = await startServerProcess(['--data-dir', dataDir]);
    servers.push(second);
    const again = createWorkflowClient({ baseUrl: second.url });
    expect((await again.getWorkflow('kept')).data!.data).toEqual(kept);
    expect((await again.getWorkflowEvents('kept')).data!.data.events).toEqual(keptEvents);
    const cut = (await again.getWorkflow('cut')).data!.data;
    expect(cut.status).toBe('failed');
    expect(cut.result!.errors).toEqual([{ message: 'The server stopped while this execution was running' }]);
    const cutEvents = (await again.getWorkflowEvents('cut')).data!.data.events;
    expect(cutEvents.map((e) => e.seq)).toEqual(cutEvents.map((_, i) => i + 1));
    expect(cutEvents[cutEvents.length - 1]._type).toBe('Failed');
  }, 60_000);
});
