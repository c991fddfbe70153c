import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { createWorkflowClient } from '../client';
import { httpGetGraph } from './support/graphs';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { type SlowServer, startSlowServer } from './support/slow-server';
import { waitFor } from './support/wait-for';

describe('stopping the server', () => {
  let dataDir: string;
  let slow: SlowServer;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engine-shutdown-'));
    slow = await startSlowServer(60_000);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await slow.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM refuses new starts, cancels what still runs after the grace time and does not resume with the reason shutdown (suspending what resumes), tells subscribers, and exits 0', async () => {
    const server = await startServerProcess(['--data-dir', dataDir, '--shutdown-grace-ms', '1500', '--rate-limit-requests-per-minute', '0']);
    servers.push(server);
    const client = createWorkflowClient({ baseUrl: server.url });
    await client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: 'long', resume_if_interrupted: false } });
    await client.startWorkflow({ graph_json: httpGetGraph(slow.url), metadata: { execution_id: 'resumes' } });
    await waitFor(() => slow.requests > 1, { what: 'the long runs to start', timeoutMs: 10_000 });
    const stream = await fetch(`${server.url}/workflows/long/events`, { headers: { accept: 'text/event-stream' } });
    const streamed = stream.text();
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`);
    const frames: { type: string; event?: { _type: string } }[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string; event?: { _type: string } }));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: 'long' }));
    await waitFor(() => frames.some((frame) => frame.type === 'network_event'), { what: 'the WebSocket subscription to start', timeoutMs: 5000 });
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    await waitFor(async () => (await fetch(`${server.url}/ready`)).status === 503, { what: 'readiness to fail', timeoutMs: 5000 });
    const refused = await fetch(`${server.url}/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ graph_json: httpGetGraph(slow.url) }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });

    const text = await streamed;
    expect(text).toMatch(/event: Cancelled\n/);
    expect(text.endsWith('event: end\ndata: {"execution_id":"long","status":"cancelled"}\n\n')).toBe(true);
    expect(await closed).toBe(1001);
    expect(frames.filter((frame) => frame.type === 'network_event').at(-1)?.event?._type).toBe('Cancelled');
    expect(await exited).toBe(0);

    const again = await startServerProcess(['--data-dir', dataDir]);
    servers.push(again);
    const client2 = createWorkflowClient({ baseUrl: again.url });
    const record = (await client2.getWorkflow('long')).data!.data;
    expect(record.status).toBe('cancelled');
    expect(record.result!.errors).toEqual([{ message: 'shutdown: the service stopped before the run ended' }]);
    // The run that resumes was suspended, not ended: the new process goes on with it (an HTTP GET runs again).
    await waitFor(async () => (await client2.getWorkflowEvents('resumes')).data!.data.events.some((event) => event._type === 'ExecutionResumed'), {
      what: 'the suspended run to resume',
      timeoutMs: 10_000,
    });
    expect((await client2.getWorkflow('resumes')).data!.data.status).toBe('running');
  }, 60_000);

  it('says in one line that the port is taken, and exits 2', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    const child = spawn(
      process.execPath,
      ['--no-node-snapshot', '--require', 'tsx/cjs', 'server/main.ts', '--port', String(port), '--bind-address', '127.0.0.1', '--data-dir', dataDir],
      {
        cwd: join(__dirname, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the process that holds it, or choose another --port`);
  }, 30_000);
});
