import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/*
 * Server processes of the benchmarks: the built service or another program, started with the event-loop
 * monitor preloaded (processes/loop-monitor.cjs), ready once a path answers.
 */

const ROOT = path.resolve(__dirname, '../..');

/** The environment of the built service under load: loopback, no rate limit, silent, its own data dir. */
export function serviceEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    ENGINE_PORT: String(port),
    ENGINE_BIND_ADDRESS: '127.0.0.1',
    ENGINE_RATE_LIMIT_REQUESTS_PER_MINUTE: '0',
    ENGINE_LOG_LEVEL: 'silent',
    ENGINE_DATA_DIR: dataDir,
    ENGINE_MAX_CONCURRENT_EXECUTIONS: '64',
    ENGINE_MAX_CONNECTIONS: '10000',
  };
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Starts a new event-loop-delay window. */
  resetLoop(): void;
  /** The event-loop delay of the window so far. */
  loop(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
  startTimeoutMs = 10_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--no-node-snapshot', '--require', path.join(__dirname, 'processes', 'loop-monitor.cjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    child,
    resetLoop: () => child.send('reset'),
    loop: () =>
      new Promise<LoopDelay>((resolve) => {
        child.once('message', (message) => resolve(message as LoopDelay));
        child.send('report');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        // The IPC channel of the loop monitor would keep the process alive after its graceful shutdown.
        if (child.connected) child.disconnect();
        child.kill('SIGTERM');
      }),
  };
}
