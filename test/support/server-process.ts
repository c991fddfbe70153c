import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** The service started as its own process, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Ends the process with a signal and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `server/main.ts` with the given options on 127.0.0.1 and a free port; resolves once it printed its URL. */
export async function startServerProcess(args: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--no-node-snapshot', '--require', 'tsx/cjs', 'server/main.ts', '--port', '0', '--bind-address', '127.0.0.1', '--log-level', 'silent', ...args], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    url,
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
