import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonValue } from '../../engine';
import { type SandboxMode, type SandboxPolicy, probeSandbox } from './process-sandbox';
import { CHILD_PATH, MAX_RESULT_BYTES, type ProcessEnd, runSandboxedProcess } from './sandboxed-process';

/** Where the Nushell binary is bound inside the sandbox. */
const SANDBOX_NU = '/opt/nushell/nu';

/** Where the working directory is bound inside the sandbox. */
const SANDBOX_WORKDIR = '/work';

/** One run of a Nushell script. */
export interface NushellScriptRequest {
  script: string;
  /** The pipeline input of the script (`$in`, also `$data`); null when data-in has no packet. */
  data: JsonValue;
  /** The script's `$args`. */
  args: JsonValue[];
  /** The binary's real path on the host. */
  binary: string;
  timeoutMs: number;
  /** Address-space limit of the process, in MB. */
  memoryLimitMb: number;
  signal?: AbortSignal;
  sandbox: { mode: SandboxMode; bwrapBinary?: string };
  /** A host directory, already confined, that the script works in (read-only in the sandbox). */
  workingDirectory?: string;
}

/** Why a Nushell run produced no value. */
type NushellFailureKind = 'error' | 'timeout' | 'memory' | 'cancelled';

/** What a Nushell run produced: `returned` is false when the script's value was `null` (nothing to send). */
export type NushellScriptOutcome =
  { ok: true; returned: boolean; value: JsonValue; logs: string[] } | { ok: false; kind: NushellFailureKind; error: string; exitCode?: number; logs: string[] };

/**
 * The program nu runs: it reads `{data, args}` from stdin as JSON, runs the user's script in a closure whose
 * pipeline input is the data, and writes the script's value as JSON to fd 3, apart from what it prints.
 */
function nushellProgram(script: string): string {
  return [
    'def main [] {',
    'let __envelope = ($in | from json)',
    'let data = $__envelope.data',
    'let args = $__envelope.args',
    'let __result = ($data | do {',
    script,
    '})',
    // nu cannot open the inherited fd 3 (a socket) by path; a shell it starts inherits it and writes to it.
    "$__result | to json --raw | ^/bin/sh -c 'exec cat >&3'",
    '}',
  ].join('\n');
}

/**
 * Runs a Nushell script with `nu` in a child process: under the `bwrap` sandbox (the Python scripts' one) with the
 * binary and the working directory bound read-only and a private `/tmp`; with `none` (an operator's choice) in
 * the working directory or a temporary one. The address space is capped through the shell's `ulimit`.
 */
export async function runNushellScript(request: NushellScriptRequest): Promise<NushellScriptOutcome> {
  if (request.signal?.aborted) return { ok: false, kind: 'cancelled', error: 'Nushell script cancelled', logs: [] };
  if (request.sandbox.mode === 'bwrap') {
    const probe = await probeSandbox(request.sandbox.bwrapBinary);
    if (!probe.ok)
      return {
        ok: false,
        kind: 'error',
        error: `Nushell scripts run only in a sandbox, and ${probe.reason} (python_sandbox: none runs them without one)`,
        logs: [],
      };
    const binds = [
      { source: request.binary, target: SANDBOX_NU },
      ...(request.workingDirectory === undefined ? [] : [{ source: request.workingDirectory, target: SANDBOX_WORKDIR }]),
    ];
    const policy: SandboxPolicy = {
      mode: 'bwrap',
      network: false,
      bwrapBinary: request.sandbox.bwrapBinary,
      readOnlyBinds: binds,
      workDir: request.workingDirectory === undefined ? '/tmp' : SANDBOX_WORKDIR,
    };
    return toOutcome(await runNu(request, SANDBOX_NU, policy, '/tmp', '/tmp'), request);
  }
  const scratch = await mkdtemp(join(tmpdir(), 'nushell-script-'));
  try {
    return toOutcome(await runNu(request, request.binary, { mode: 'none', network: false }, request.workingDirectory ?? scratch, scratch), request);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function runNu(request: NushellScriptRequest, nu: string, sandbox: SandboxPolicy, workDir: string, home: string): Promise<ProcessEnd> {
  const limitKb = String(Math.floor(request.memoryLimitMb * 1024));
  return runSandboxedProcess({
    // The shell sets the limit and gives way to nu: Node cannot set a child's rlimits itself.
    command: [
      '/bin/sh',
      '-c',
      'ulimit -v "$0" && exec "$@"',
      limitKb,
      nu,
      '--no-config-file',
      '--no-history',
      '--stdin',
      '--commands',
      nushellProgram(request.script),
    ],
    env: { PATH: CHILD_PATH, HOME: home, TMPDIR: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', NO_COLOR: '1' },
    stdin: JSON.stringify({ data: request.data, args: request.args }),
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    sandbox,
    workDir,
    maxResultBytes: MAX_RESULT_BYTES,
  });
}

// Nushell's reports read `Error: nu::<code>`, then `  x <reason>` and the labels it points at the code with
// (`\`-- <label>`): the reasons with their labels are what a user needs.
function nushellReasons(stderr: string): string | undefined {
  const reasons: { reason: string; labels: string[] }[] = [];
  for (const line of stderr.split('\n')) {
    const reason = /^\s*(?:x|×) (.+)$/.exec(line)?.[1].trim();
    if (reason !== undefined && reason !== '') reasons.push({ reason, labels: [] });
    const label = /(?:`--|╰──) (.+)$/.exec(line)?.[1].trim();
    if (label !== undefined && label !== '' && reasons.length > 0) reasons[reasons.length - 1].labels.push(label);
  }
  if (reasons.length === 0) return undefined;
  return reasons.map(({ reason, labels }) => (labels.length === 0 ? reason : `${reason} (${labels.join('; ')})`)).join(': ');
}

function toOutcome(end: ProcessEnd, request: NushellScriptRequest): NushellScriptOutcome {
  const { logs } = end;
  if (end.ending === 'cancelled') return { ok: false, kind: 'cancelled', error: 'Nushell script cancelled', logs };
  if (end.ending === 'timeout') return { ok: false, kind: 'timeout', error: `Nushell script timed out after ${request.timeoutMs} ms`, logs };
  if (end.ending === 'too-large') return { ok: false, kind: 'error', error: `The Nushell script's result is larger than ${MAX_RESULT_BYTES} bytes`, logs };
  if (end.ending === 'spawn-failed')
    return { ok: false, kind: 'error', error: `The Nushell binary '${request.binary}' could not be started: ${end.detail}`, logs };
  // Rust aborts when an allocation fails; under bubblewrap the abort comes back as exit code 134.
  if (end.exitCode !== 0 && end.stderrHead.includes('memory allocation of')) {
    return { ok: false, kind: 'memory', error: `Nushell script exceeded its memory limit of ${request.memoryLimitMb} MB`, logs };
  }
  const exitCode = end.exitCode ?? undefined;
  if (end.exitCode !== 0) {
    const reasons = nushellReasons(end.stderrHead);
    return { ok: false, kind: 'error', error: reasons === undefined ? `Nushell exited ${end.detail}` : `Nushell script failed: ${reasons}`, exitCode, logs };
  }
  const text = end.result.toString('utf8');
  if (text === '') return { ok: false, kind: 'error', error: `Nushell exited ${end.detail} without a result (did the script call exit?)`, exitCode, logs };
  try {
    const value = JSON.parse(text) as JsonValue;
    return { ok: true, returned: value !== null, value, logs };
  } catch {
    return { ok: false, kind: 'error', error: 'The Nushell script wrote a result that is not JSON', logs };
  }
}
