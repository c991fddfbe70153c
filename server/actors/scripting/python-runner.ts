import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { type JsonObject, type JsonValue } from '../../engine';
import { PresentJsonValueSchema } from '../../../model';
import { type SandboxPolicy, probeSandbox } from './process-sandbox';
import { PYTHON_HARNESS } from './python-harness';
import { CHILD_PATH, MAX_RESULT_BYTES, type ProcessEnd, runSandboxedProcess } from './sandboxed-process';
import { SCRIPT_PORT_ALIASES, type ScriptOutput } from './script-outputs';

/** The Python interpreter used when none is configured, looked up on the child's `PATH`. */
export const DEFAULT_PYTHON_BINARY = 'python3';

/** One run of a Python script in a child process. */
export interface PythonScriptRequest {
  /** The user's script, in any of the harness's conventions. */
  script: string;
  /** The firing's packets by input port id. */
  inputs: JsonObject;
  /** The actor's input port ids (each is in scope, `None` when it has no packet). */
  inputPorts: readonly string[];
  /** The actor's output port ids, the only ones `send_output` accepts. */
  outputPorts: readonly string[];
  /** The node's configuration, as `context.config`. */
  config: JsonObject;
  /** The node's id, as `context.node_id`. */
  nodeId: string;
  /** Packages that must be importable before the script runs. */
  packages: readonly string[];
  /** Wall-clock budget; the child is killed when it runs longer. */
  timeoutMs: number;
  /** Address-space limit of the child (RLIMIT_AS), in MB. */
  memoryLimitMb: number;
  /** Aborting it kills the child at once. */
  signal?: AbortSignal;
  /**
   * The interpreter to run.
   * @default DEFAULT_PYTHON_BINARY
   */
  pythonBinary?: string;
  /** How the child is isolated. */
  sandbox: SandboxPolicy;
  /** Environment variables the node grants the script, on top of the minimal environment. */
  environment?: Readonly<Record<string, string>>;
}

/** Why a Python run produced no value. */
type PythonFailureKind = 'error' | 'timeout' | 'memory' | 'cancelled' | 'package';

/** What a Python run produced: `returned` is false when the script's result was `None` (nothing to send). */
export type PythonScriptOutcome =
  | { ok: true; returned: boolean; value: JsonValue; outputs: ScriptOutput[]; logs: string[] }
  | { ok: false; kind: PythonFailureKind; error: string; logs: string[] };

const PythonEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    returned: z.boolean(),
    value: PresentJsonValueSchema,
    outputs: z.array(z.object({ port: z.string(), value: PresentJsonValueSchema })),
  }),
  z.object({ ok: z.literal(false), kind: z.enum(['error', 'memory', 'package']), error: z.string() }),
]);

/** The answer of the harness, as it writes it. */
type PythonEnvelope = z.infer<typeof PythonEnvelopeSchema>;

/** How the child of one firing ended, with the envelope it answered. */
export interface ChildEnd {
  envelope: PythonEnvelope | undefined;
  ending: ProcessEnd['ending'];
  detail: string;
  logs: string[];
}

/**
 * Runs a Python script in a `python3` child: no shell, a built minimal environment, its own process group
 * (killed whole on timeout, cancel and exit) and an address-space limit. Under the `bwrap` sandbox the child
 * sees only the system directories, read-only, and a private `/tmp`, in namespaces of its own (see
 * `bwrapArgs`); when bubblewrap cannot run, the script is refused. With `none`, an operator's explicit
 * choice, it runs in a temporary directory removed afterwards and can use the file system and the network
 * as the service's user can.
 */
export async function runPythonScript(request: PythonScriptRequest): Promise<PythonScriptOutcome> {
  if (request.signal?.aborted) return { ok: false, kind: 'cancelled', error: 'Python script cancelled', logs: [] };
  if (request.sandbox.mode === 'bwrap') {
    const refusal = await sandboxRefusal(request);
    if (refusal !== undefined) return refusal;
    return toOutcome(await runChild(request, '/tmp'), request);
  }
  const workDir = await mkdtemp(join(tmpdir(), 'python-script-'));
  try {
    return toOutcome(await runChild(request, workDir), request);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The outcome of a firing refused because its sandbox cannot be made, or undefined when it can (or none is asked). */
export async function sandboxRefusal(request: Pick<PythonScriptRequest, 'sandbox'>): Promise<PythonScriptOutcome | undefined> {
  if (request.sandbox.mode !== 'bwrap') return undefined;
  const probe = await probeSandbox(request.sandbox.bwrapBinary);
  return probe.ok
    ? undefined
    : { ok: false, kind: 'error', error: `Python scripts run only in a sandbox, and ${probe.reason} (python_sandbox: none runs them without one)`, logs: [] };
}

/** What a firing produced, from how its child ended. */
export function toOutcome(end: ChildEnd, request: PythonScriptRequest): PythonScriptOutcome {
  const { logs } = end;
  const memoryError = `Python script exceeded its memory limit of ${request.memoryLimitMb} MB`;
  if (end.ending === 'cancelled') return { ok: false, kind: 'cancelled', error: 'Python script cancelled', logs };
  if (end.ending === 'timeout') return { ok: false, kind: 'timeout', error: `Python script timed out after ${request.timeoutMs} ms`, logs };
  if (end.ending === 'too-large') return { ok: false, kind: 'error', error: `The Python script's result is larger than ${MAX_RESULT_BYTES} bytes`, logs };
  if (end.ending === 'spawn-failed') return { ok: false, kind: 'error', error: end.detail, logs };
  const envelope = end.envelope;
  if (envelope === undefined) {
    if (logs.some((line) => line.includes('MemoryError'))) return { ok: false, kind: 'memory', error: memoryError, logs };
    return { ok: false, kind: 'error', error: `Python exited ${end.detail} without a result`, logs };
  }
  if (envelope.ok) return { ...envelope, logs };
  if (envelope.kind === 'memory') return { ok: false, kind: 'memory', error: memoryError, logs };
  return { ok: false, kind: envelope.kind, error: envelope.error, logs };
}

async function runChild(request: PythonScriptRequest, workDir: string): Promise<ChildEnd> {
  const binary = request.pythonBinary ?? DEFAULT_PYTHON_BINARY;
  const end = await runSandboxedProcess({
    command: [binary, '-I', '-u', '-X', 'utf8', '-c', PYTHON_HARNESS, String(Math.floor(request.memoryLimitMb))],
    env: { ...request.environment, PATH: CHILD_PATH, HOME: workDir, TMPDIR: workDir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    stdin: JSON.stringify(harnessRequest(request)),
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    sandbox: request.sandbox,
    workDir,
    maxResultBytes: MAX_RESULT_BYTES,
  });
  return childEnd(end, binary);
}

/** What the harness reads of a firing: the script, its inputs and context (the one-shot child gets its environment at spawn). */
export function harnessRequest(request: PythonScriptRequest): JsonObject {
  return {
    script: request.script,
    inputs: request.inputs,
    inputPorts: [...request.inputPorts],
    outputPorts: [...request.outputPorts],
    portAliases: { ...SCRIPT_PORT_ALIASES },
    config: request.config,
    nodeId: request.nodeId,
    packages: [...request.packages],
  };
}

/** How a firing's child ended, its envelope parsed out of the bytes it answered. */
export function childEnd(end: Pick<ProcessEnd, 'result' | 'ending' | 'detail' | 'logs'>, binary: string): ChildEnd {
  const detail = end.ending === 'spawn-failed' ? `The Python interpreter '${binary}' could not be started: ${end.detail}` : end.detail;
  return { envelope: end.ending === 'exited' ? parseEnvelope(end.result.toString('utf8')) : undefined, ending: end.ending, detail, logs: end.logs };
}

function parseEnvelope(text: string): PythonEnvelope | undefined {
  if (text === '') return undefined;
  try {
    const parsed = PythonEnvelopeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
