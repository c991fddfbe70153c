import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonObject } from '../../engine';
import { FiringLogs } from './firing-logs';
import { FrameReader } from './frame-reader';
import { type SandboxPolicy } from './process-sandbox';
import { PYTHON_LOOP_HARNESS } from './python-loop-harness';
import { CHILD_PATH, MAX_RESULT_BYTES, type ProcessEnd, killProcessGroup, spawnSandboxed, unstartableReason } from './sandboxed-process';

/** What an interpreter is started with: it serves only firings that ask for the same. */
export interface InterpreterSpec {
  /** The interpreter, a path or a name looked up on the child's `PATH`. */
  pythonBinary: string;
  /** Address-space limit of the interpreter (RLIMIT_AS), in MB, fixed at its start. */
  memoryLimitMb: number;
  /** How the interpreter is isolated. */
  sandbox: SandboxPolicy;
}

/** The key of a spec: interpreters started with equal keys are interchangeable. */
export function interpreterKey(spec: InterpreterSpec): string {
  return JSON.stringify([spec.pythonBinary, Math.floor(spec.memoryLimitMb), spec.sandbox.mode, spec.sandbox.network, spec.sandbox.bwrapBinary ?? 'bwrap']);
}

/** How one firing on an interpreter ended; `reusable` says the interpreter can serve another. */
export type InterpreterCallEnd = Pick<ProcessEnd, 'result' | 'ending' | 'detail' | 'logs'> & { reusable: boolean };

interface Call {
  readonly resolve: (end: InterpreterCallEnd) => void;
  readonly timer: NodeJS.Timeout;
  readonly signal?: AbortSignal;
  readonly onAbort: () => void;
  ending: ProcessEnd['ending'];
  reply?: Buffer;
  marked: boolean;
  graceTimer?: NodeJS.Timeout;
}

/** How long the markers may follow the answer before the interpreter's output is taken as lost. */
const MARKER_GRACE_MS = 1000;

/** How long the output streams may stay open after the interpreter exited (a grandchild may hold them). */
const STREAM_GRACE_MS = 1000;

/**
 * A Python interpreter kept running for many firings, one at a time (the loop harness): started in the same
 * sandbox, environment and limits as a one-shot child, it blocks on its stdin between firings. A firing that
 * times out, is cancelled or answers too much kills it; so does {@link kill}. Its process and pipes do not
 * keep the service's event loop alive.
 */
export class PythonInterpreter {
  /** Its spec's {@link interpreterKey}. */
  readonly key: string;
  private readonly logs = new FiringLogs();
  private readonly replies = new FrameReader(MAX_RESULT_BYTES);
  private readonly closed: Promise<void>;
  private stderrHead = '';
  private spawnError: string | undefined;
  private exitDetail: string | undefined;
  private stopped = false;
  private served = false;
  private call: Call | undefined;

  private constructor(
    spec: InterpreterSpec,
    private readonly child: ChildProcess,
    workDir: string | undefined,
  ) {
    this.key = interpreterKey(spec);
    const sandboxed = spec.sandbox.mode === 'bwrap';
    this.hold(false);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.logs.feed('', chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (this.stderrHead.length < 4096) this.stderrHead += chunk;
      this.logs.feed('[stderr] ', chunk);
    });
    const channel = child.stdio[3];
    channel?.on('data', (chunk: Buffer) => this.onReply(chunk));
    channel?.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    child.on('error', (error) => (this.spawnError = error.message));
    let graceTimer: NodeJS.Timeout | undefined;
    child.on('exit', (code, signal) => {
      this.exitDetail = signal !== null ? `on signal ${signal}` : `with code ${code}`;
      graceTimer = setTimeout(() => {
        for (const stream of child.stdio) stream?.destroy();
      }, STREAM_GRACE_MS).unref();
    });
    this.closed = new Promise((resolve) => {
      child.on('close', () => {
        clearTimeout(graceTimer);
        this.stopped = true;
        killProcessGroup(child);
        const ending = this.call?.ending ?? 'exited';
        // bubblewrap's complaint about a program it cannot execute can only come before the first answer.
        const unstartable = ending !== 'exited' || this.served ? undefined : (this.spawnError ?? (sandboxed ? unstartableReason(this.stderrHead) : undefined));
        this.endCall(unstartable === undefined ? ending : 'spawn-failed', unstartable ?? this.exitDetail ?? '');
        if (workDir === undefined) resolve();
        else
          void rm(workDir, { recursive: true, force: true }).then(
            () => resolve(),
            () => resolve(),
          );
      });
    });
  }

  /** Starts an interpreter; it reads its first request as soon as it is ready. */
  static start(spec: InterpreterSpec): PythonInterpreter {
    const sandboxed = spec.sandbox.mode === 'bwrap';
    // Unsandboxed, each interpreter gets a temporary directory of its own, removed when it ends.
    const workDir = sandboxed ? undefined : mkdtempSync(join(tmpdir(), 'python-script-'));
    const home = workDir ?? '/tmp';
    const child = spawnSandboxed({
      command: [
        spec.pythonBinary,
        '-I',
        '-u',
        '-X',
        'utf8',
        '-c',
        PYTHON_LOOP_HARNESS,
        String(Math.floor(spec.memoryLimitMb)),
        sandboxed ? 'sandboxed' : 'unsandboxed',
      ],
      env: { PATH: CHILD_PATH, HOME: home, TMPDIR: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      sandbox: spec.sandbox,
      workDir: home,
    });
    return new PythonInterpreter(spec, child, workDir);
  }

  /** Whether it may serve a firing: not killed, not exited, and not serving one. */
  get idle(): boolean {
    return !this.stopped && this.exitDetail === undefined && this.call === undefined;
  }

  /**
   * Runs one firing: `request` is the harness's request (script, inputs, environment...). Its timeout, its
   * signal or an answer over the size limit kill the interpreter; the answer is the envelope's bytes.
   */
  execute(request: JsonObject, options: { timeoutMs: number; signal?: AbortSignal }): Promise<InterpreterCallEnd> {
    if (this.call !== undefined) throw new Error('A Python interpreter serves one firing at a time');
    return new Promise((resolve) => {
      const nonce = randomUUID();
      const onAbort = (): void => this.stop('cancelled');
      const call: Call = {
        resolve,
        timer: setTimeout(() => this.stop('timeout'), options.timeoutMs),
        signal: options.signal,
        onAbort,
        ending: 'exited',
        marked: false,
      };
      this.call = call;
      this.hold(true);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.logs.expect(`\u001e${nonce}\n`, () => {
        call.marked = true;
        this.settle(call);
      });
      if (options.signal?.aborted) return this.stop('cancelled');
      if (this.stopped) return this.endCall('exited', this.spawnError ?? this.exitDetail ?? 'before it was asked');
      const body = Buffer.from(JSON.stringify({ ...request, marker: nonce }), 'utf8');
      this.child.stdin?.write(`${body.length}\n`);
      this.child.stdin?.write(body);
    });
  }

  /** Kills the interpreter and every process in its sandbox; resolves once it is gone. */
  kill(): Promise<void> {
    this.stopped = true;
    this.hold(true);
    killProcessGroup(this.child);
    return this.closed;
  }

  // Only a firing in progress or a kill keeps the event loop alive: an idle interpreter lets the service exit.
  private hold(on: boolean): void {
    for (const handle of [this.child, ...this.child.stdio] as ({ ref?: () => void; unref?: () => void } | null)[]) {
      if (on) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  private stop(reason: ProcessEnd['ending']): void {
    if (this.call !== undefined && this.call.ending === 'exited') this.call.ending = reason;
    void this.kill();
  }

  private onReply(chunk: Buffer): void {
    const call = this.call;
    const read = this.replies.push(chunk);
    if (!read.ok) return this.stop(read.reason === 'too-large' ? 'too-large' : 'exited');
    if (read.frames.length === 0) return;
    // An answer nobody asked for, or two at once: the interpreter no longer follows the protocol.
    if (call === undefined || call.reply !== undefined || read.frames.length > 1) return this.stop('exited');
    call.reply = read.frames[0];
    this.served = true;
    this.settle(call);
  }

  private settle(call: Call): void {
    if (call !== this.call || call.reply === undefined) return;
    if (call.marked) return this.endCall('exited', '', true);
    call.graceTimer ??= setTimeout(() => {
      // The answer came but the output never ended: the next firing's logs could not be told apart.
      this.endCall('exited', '', false);
      void this.kill();
    }, MARKER_GRACE_MS);
  }

  private endCall(ending: ProcessEnd['ending'], detail: string, reusable = false): void {
    const call = this.call;
    if (call === undefined) return;
    this.call = undefined;
    clearTimeout(call.timer);
    clearTimeout(call.graceTimer);
    call.signal?.removeEventListener('abort', call.onAbort);
    if (!this.stopped) this.hold(false);
    const result = ending === 'exited' ? (call.reply ?? Buffer.alloc(0)) : Buffer.alloc(0);
    call.resolve({ result, ending, detail, logs: this.logs.finish(), reusable: reusable && !this.stopped });
  }
}
