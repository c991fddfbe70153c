import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** The root of the repository, where `bin/wes.js` lives. */
export const REPO_ROOT = join(__dirname, '..', '..');

/** The launcher of the command line, as `npx wes` runs it. */
export const WES_BIN = join(REPO_ROOT, 'bin', 'wes.js');

/** How a command-line process ended, and all it wrote. */
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A command-line process still running: what it has written so far, and its end. */
export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  done: Promise<CliResult>;
}

/** Options of {@link startCli}. */
export interface CliOptions {
  cwd?: string;
  /** Variables added to the environment; `ENGINE_*` and `WES_*` variables of the test process are left out. */
  env?: Record<string, string>;
}

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('ENGINE_') && !name.startsWith('WES_')));
  // The test runner's own NODE_OPTIONS are not the user's: start the command line as a shell would.
  delete env.NODE_OPTIONS;
  return { ...env, ...extra };
}

/** Starts `wes ARGS` (node with --no-node-snapshot, as the launcher's shebang does) with stdout and stderr on pipes. */
export function startCli(args: string[], options: CliOptions = {}): CliProcess {
  const child = spawn(process.execPath, ['--no-node-snapshot', WES_BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: environment(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}

/** Runs `wes ARGS` to its end. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, options).done;
}
