import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** The most log lines a server process keeps for a test to read; older ones are dropped. */
const KEPT_LINES = 5000;

/** The service started as its own process, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The lines the process has written to stdout so far (its JSON log), the newest last. */
  lines(): string[];
  /** Ends the process with a signal and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Options of {@link startServerProcess} besides the command-line arguments. */
export interface ServerProcessOptions {
  /** Variables added to this process's environment. */
  env?: Record<string, string>;
  /** The working directory of the service. @default the repository's root */
  cwd?: string;
}

/**
 * Starts `server/main.ts` with the given options on 127.0.0.1 and a free port; resolves once it logged its URL
 * (at level info: a `--log-level` above info hides that line, and the start never resolves).
 */
export async function startServerProcess(args: string[], options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const root = join(__dirname, '..', '..');
  const main = join(root, 'server', 'main.ts');
  const child = spawn(process.execPath, ['--no-node-snapshot', '--require', require.resolve('tsx/cjs'), main, '--port', '0', '--bind-address', '127.0.0.1', '--log-format', 'json', ...args], {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
      for (const line of parts) {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    lines: () => [...lines],
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
