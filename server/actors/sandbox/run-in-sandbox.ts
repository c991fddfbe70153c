import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type ivm from 'isolated-vm';
import { SANDBOX_LOGS_SOURCE } from './bootstrap-source';
import { ConcurrencyGate } from './concurrency-gate';
import { IsolatePool, disposeQuietly } from './isolate-pool';
import { checkHeldText } from './held-text-check';
import { type JsonTextCheck, parseSandboxLogs, readSandboxAnswer } from './sandbox-envelope';
import { MIN_SANDBOX_MEMORY_MB, SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits';
import { type SandboxFailureKind, type SandboxOutcome, type SandboxRequest } from './sandbox-outcome';
import { settleAnswer } from './settle-answer';

/** Options of {@link createSandboxRunner}. */
export interface SandboxRunnerOptions {
  /**
   * Where isolates come from and go back to.
   * @default a new IsolatePool with its defaults
   */
  pool?: IsolatePool;
  /**
   * Bounds on logs, outputs and value depth.
   * @default SANDBOX_LIMITS
   */
  limits?: SandboxLimits;
  /**
   * Extra wall-clock time after `timeoutMs` before the host disposes an isolate that did not stop by itself.
   * @default 2000
   */
  timeoutGraceMs?: number;
  /**
   * Calls running at once; later ones wait (their time budget starts when they run). A call waiting for its
   * next timer gives its place up meanwhile, and waits for one again when the timer is due.
   * @default {@link DEFAULT_MAX_CONCURRENT_SCRIPTS}
   */
  maxConcurrent?: number;
  /**
   * Checks a value text held out of a sandbox's answer (see `SandboxRequest.heldOutChars`) and answers its
   * UTF-8 size.
   * @default parsing it on a worker thread (see checkHeldText)
   */
  checkJsonText?: JsonTextCheck;
}

/** Runs scripts in isolates from one pool. */
export interface SandboxRunner {
  /** Runs one script body in a fresh context; never rejects for anything the script does. */
  run(request: SandboxRequest): Promise<SandboxOutcome>;
  /** Disposes the idle isolates of the pool. */
  dispose(): void;
}

/**
 * Scripts running at once by default: one per core, and at least two. A script runs synchronously in its isolate
 * until it returns, so isolates beyond the cores only share them, and take from the event loop the time it needs to
 * answer everyone else: on 2 cores, 16 scripts at once stalled it for 1.7 s where 2 at once stalled it for 92 ms,
 * and the 32 scripts ended sooner.
 */
const DEFAULT_MAX_CONCURRENT_SCRIPTS = Math.max(2, availableParallelism());

/** How long reading the console lines of a timed-out script may take. */
const LOG_READ_TIMEOUT_MS = 250;

/** Builds a sandbox runner over its own isolate pool. */
export function createSandboxRunner(options: SandboxRunnerOptions = {}): SandboxRunner {
  const pool = options.pool ?? new IsolatePool();
  const limitsJson = JSON.stringify(options.limits ?? SANDBOX_LIMITS);
  const graceMs = options.timeoutGraceMs ?? 2000;
  const gate = new ConcurrencyGate(options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_SCRIPTS);
  const checkJsonText = options.checkJsonText ?? checkHeldText;

  async function run(request: SandboxRequest): Promise<SandboxOutcome> {
    const { code, timeoutMs, memoryLimitMb, signal } = request;
    if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}`);
    if (!(memoryLimitMb >= MIN_SANDBOX_MEMORY_MB) || !Number.isFinite(memoryLimitMb)) {
      throw new RangeError(`memoryLimitMb must be at least ${MIN_SANDBOX_MEMORY_MB}, got ${memoryLimitMb}`);
    }
    const globalsJson = JSON.stringify(request.globals);
    let holding = await gate.enter(signal);
    if (!holding) return failed('cancelled', 'Script cancelled', []);
    // While the script only waits for a timer, another call may use its place.
    const pause = async (ms: number): Promise<boolean> => {
      holding = false;
      gate.leave();
      await delay(ms, undefined, { signal }).catch(() => undefined);
      holding = await gate.enter(signal);
      return holding;
    };
    const call: AdmittedCall = {
      code,
      globalsJson,
      heldOutChars: request.heldOutChars ?? 0,
      timers: request.timers === true,
      timeoutMs,
      memoryLimitMb,
      signal,
      pause,
    };
    let answered: SandboxOutcome | { answer: unknown };
    try {
      answered = await runAdmitted(call);
    } finally {
      if (holding) gate.leave();
    }
    if (!('answer' in answered)) return answered;
    // Held texts are checked after the isolate and the gate are free: the check runs on a worker thread.
    const envelope = await readSandboxAnswer(answered.answer, (text) => checkJsonText(text, signal));
    if (signal?.aborted) return failed('cancelled', 'Script cancelled', []);
    if (!envelope.ok) return failed('error', envelope.error, envelope.logs);
    return { ok: true, value: envelope.value, outputs: envelope.outputs, logs: envelope.logs };
  }

  async function runAdmitted(call: AdmittedCall): Promise<SandboxOutcome | { answer: unknown }> {
    const { code, globalsJson, heldOutChars, timers, timeoutMs, memoryLimitMb, signal, pause } = call;
    const pooled = pool.acquire(memoryLimitMb);
    const { isolate } = pooled;
    let context: ivm.Context | undefined;
    let bootstrap: ivm.Reference<unknown> | undefined;
    let interruption: 'cancelled' | 'backstop' | undefined;
    let reusable = false;
    const onAbort = (): void => {
      interruption ??= 'cancelled';
      disposeQuietly(isolate);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // isolated-vm's own timeout stops running code; this one also ends a call stuck anywhere else.
    const backstop = setTimeout(() => {
      interruption ??= 'backstop';
      disposeQuietly(isolate);
    }, timeoutMs + graceMs);
    const deadline = Date.now() + timeoutMs;
    try {
      context = await isolate.createContext();
      bootstrap = (await pooled.bootstrap.run(context, { reference: true })) as ivm.Reference<unknown>;
      // Copied out: an answer with held texts is an array (see SANDBOX_BOOTSTRAP_SCRIPT).
      const first: unknown = await bootstrap.apply(undefined, [code, limitsJson, globalsJson, heldOutChars, timers], {
        timeout: timeoutMs,
        result: { copy: true },
      });
      const settled = await settleAnswer(context, first, { deadline, pause });
      if ('stopped' in settled) {
        if (settled.stopped === 'cancelled' || interruption === 'cancelled') return failed('cancelled', 'Script cancelled', []);
        return failed('timeout', timeoutText(timeoutMs), await readLogs(context));
      }
      reusable = true;
      return settled;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (interruption === 'cancelled') return failed('cancelled', 'Script cancelled', []);
      if (interruption === 'backstop') return failed('timeout', timeoutText(timeoutMs), []);
      if (/memory limit/i.test(message)) return failed('memory', `Script exceeded its memory limit of ${memoryLimitMb} MB`, []);
      if (/timed out/i.test(message)) return failed('timeout', timeoutText(timeoutMs), await readLogs(context));
      return failed('error', message, []);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(backstop);
      releaseQuietly(bootstrap);
      releaseQuietly(context);
      await pool.release(pooled, memoryLimitMb, reusable && interruption === undefined);
    }
  }

  return { run, dispose: () => pool.clear() };
}

/** One call as {@link createSandboxRunner} runs it once admitted. */
interface AdmittedCall {
  code: string;
  globalsJson: string;
  heldOutChars: number;
  timers: boolean;
  timeoutMs: number;
  memoryLimitMb: number;
  signal: AbortSignal | undefined;
  /** Waits while the script only waits for a timer, giving the call's place up; false when cancelled meanwhile. */
  pause(ms: number): Promise<boolean>;
}

let defaultRunner: SandboxRunner | undefined;

/**
 * Runs a script body in a fresh context of a pooled isolate, with JSON globals, a time and a memory limit.
 * The script sees no host object: no `process`, `require`, file system or network; timers only when the
 * request asks for them, and then they live in the isolate and end with the call.
 *
 * @example
 * const outcome = await runInSandbox({ code: 'return a + b', globals: { a: 1, b: 2 }, timeoutMs: 1000, memoryLimitMb: 64 });
 * // outcome: { ok: true, value: 3, outputs: [], logs: [] }
 */
export function runInSandbox(request: SandboxRequest): Promise<SandboxOutcome> {
  defaultRunner ??= createSandboxRunner();
  return defaultRunner.run(request);
}

/** Disposes the idle isolates kept by {@link runInSandbox} (at shutdown, or at the end of a test file). */
export function disposeSandboxIsolates(): void {
  defaultRunner?.dispose();
}

function failed(kind: SandboxFailureKind, error: string, logs: string[]): SandboxOutcome {
  return { ok: false, kind, error, logs };
}

function timeoutText(timeoutMs: number): string {
  return `Script timed out after ${timeoutMs} ms`;
}

async function readLogs(context: ivm.Context | undefined): Promise<string[]> {
  if (context === undefined) return [];
  try {
    return parseSandboxLogs(await context.evalClosure(SANDBOX_LOGS_SOURCE, [], { timeout: LOG_READ_TIMEOUT_MS }));
  } catch {
    return [];
  }
}

function releaseQuietly(handle: { release(): void } | undefined): void {
  try {
    handle?.release();
  } catch {
    // The isolate is already disposed, and its contexts with it.
  }
}
