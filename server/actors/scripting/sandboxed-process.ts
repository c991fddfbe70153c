import { type ChildProcess, type ChildProcessByStdio, spawn } from 'node:child_process';
import { type Readable, type Writable } from 'node:stream';
import { LineCollector } from './line-collector';
import { type SandboxPolicy, bwrapArgs } from './process-sandbox';

/** The `PATH` a script's child gets (its whole environment is built, never inherited). */
export const CHILD_PATH = '/usr/local/bin:/usr/bin:/bin';

/** Bytes a script's child may write to its result channel before it is stopped as too large. */
export const MAX_RESULT_BYTES = 64 * 1024 * 1024;

/** How long the output streams may stay open after the child exited (a grandchild may hold them). */
const STREAM_GRACE_MS = 1000;

/** One run of a script interpreter in a child process. */
export interface ProcessRequest {
  /** The program and its arguments, as the sandbox sees them. */
  command: readonly string[];
  /** The child's whole environment: nothing of the service's is inherited. */
  env: Readonly<Record<string, string>>;
  /** Written to the child's stdin, which is then closed. */
  stdin: string;
  /** Wall-clock budget; the child's process group is killed when it runs longer. */
  timeoutMs: number;
  /** Aborting it kills the child's process group at once. */
  signal?: AbortSignal;
  /** How the child is isolated. */
  sandbox: SandboxPolicy;
  /** The working directory of a child run without a sandbox (the sandbox sets its own). */
  workDir: string;
  /** Bytes the child may write to its result channel (fd 3) before it is stopped. */
  maxResultBytes: number;
}

/** How a child ended: what it wrote to fd 3, and its stdout and stderr as bounded log lines. */
export interface ProcessEnd {
  result: Buffer;
  ending: 'exited' | 'timeout' | 'cancelled' | 'too-large' | 'spawn-failed';
  /** `with code N` or `on signal S` when it exited; why it could not be started when it was not. */
  detail: string;
  /** The exit code, or null when a signal ended it or it never started. */
  exitCode: number | null;
  /** The signal that ended it, or null. */
  exitSignal: string | null;
  /** The first few KB of stderr, to explain a failure. */
  stderrHead: string;
  logs: string[];
}

/**
 * Runs a command in a child process: no shell, the given environment only, its own process group (killed whole
 * on timeout, cancel and exit), stdin fed and closed, stdout and stderr collected as log lines and fd 3 read as
 * the result channel. Under the `bwrap` policy the command runs in the sandbox of `bwrapArgs`; a program the
 * sandbox cannot execute ends as `spawn-failed`.
 */
export function runSandboxedProcess(request: ProcessRequest): Promise<ProcessEnd> {
  const sandboxed = request.sandbox.mode === 'bwrap';
  return new Promise((resolve) => {
    const child = spawnSandboxed(request);
    const logs = new LineCollector();
    const result: Buffer[] = [];
    let resultBytes = 0;
    let ending: ProcessEnd['ending'] = 'exited';
    let detail = '';
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let graceTimer: NodeJS.Timeout | undefined;

    const killGroup = (): void => killProcessGroup(child);
    const stop = (reason: ProcessEnd['ending']): void => {
      if (ending === 'exited') ending = reason;
      killGroup();
    };
    const onAbort = (): void => stop('cancelled');
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) stop('cancelled');
    const timeoutTimer = setTimeout(() => stop('timeout'), request.timeoutMs);

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => logs.feed('', chunk));
    let stderrHead = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderrHead.length < 4096) stderrHead += chunk;
      logs.feed('[stderr] ', chunk);
    });
    const channel = child.stdio[3];
    channel?.on('data', (chunk: Buffer) => {
      resultBytes += chunk.length;
      if (resultBytes > request.maxResultBytes) stop('too-large');
      else result.push(chunk);
    });
    channel?.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    child.stdin.end(request.stdin);

    child.on('error', (error) => {
      ending = 'spawn-failed';
      detail = error.message;
    });
    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      detail = signal !== null ? `on signal ${signal}` : `with code ${code}`;
      // A grandchild that inherited the output pipes would keep them open: end them after a grace period.
      graceTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        channel?.destroy();
      }, STREAM_GRACE_MS);
    });
    child.on('close', () => {
      const unstartable = sandboxed && ending === 'exited' ? unstartableReason(stderrHead) : undefined;
      if (unstartable !== undefined) {
        ending = 'spawn-failed';
        detail = unstartable;
      }
      clearTimeout(timeoutTimer);
      clearTimeout(graceTimer);
      request.signal?.removeEventListener('abort', onAbort);
      killGroup();
      resolve({ result: Buffer.concat(result), ending, detail, exitCode, exitSignal, stderrHead, logs: logs.finish() });
    });
  });
}

/**
 * Starts a command in a child process of its own process group, with the given environment only and four pipes
 * (stdin, stdout, stderr and fd 3, the result channel); under the `bwrap` policy inside the sandbox of `bwrapArgs`.
 */
export function spawnSandboxed(request: Pick<ProcessRequest, 'command' | 'env' | 'sandbox' | 'workDir'>): ChildProcessByStdio<Writable, Readable, Readable> {
  const sandboxed = request.sandbox.mode === 'bwrap';
  const [file, ...args] = sandboxed ? [request.sandbox.bwrapBinary ?? 'bwrap', ...bwrapArgs(request.command, request.sandbox)] : request.command;
  return spawn(file, args, {
    cwd: sandboxed ? undefined : request.workDir,
    env: request.env,
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    detached: true,
    windowsHide: true,
  });
}

/** Kills a child's whole process group (under bubblewrap, the sandbox and every process in it). */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** Why bubblewrap could not execute the program, from the start of its stderr (`bwrap: execvp <program>: <reason>`). */
export function unstartableReason(stderrHead: string): string | undefined {
  return /bwrap: execvp [^:]*: (.*)/.exec(stderrHead)?.[1].trim();
}
