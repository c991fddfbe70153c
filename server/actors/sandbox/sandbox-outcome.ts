import { type JsonObject, type JsonValue } from '../../engine';

/** One call of {@link runInSandbox}: a script body and the plain JSON it sees as globals. */
export interface SandboxRequest {
  /** A function body: it may `return` a value; the keys of `globals` are in scope. */
  code: string;
  /** Plain JSON copied into the sandbox, one global per key (never a reference to a host object). */
  globals: JsonObject;
  /** Wall-clock budget of the call, in milliseconds. */
  timeoutMs: number;
  /** Heap limit of the isolate the call runs in, in MB (at least 8). */
  memoryLimitMb: number;
  /** Aborting it disposes the isolate at once and ends the call as `cancelled`. */
  signal?: AbortSignal;
  /**
   * When given (above 0), a value whose JSON is at least this many characters (the result, a field of a
   * result that is an object, or a `send_output` value) comes back as a `JsonText` in its place: checked on
   * a worker thread, never parsed on the event loop. For callers that pass values on as packets.
   */
  heldOutChars?: number;
  /**
   * Offers `setTimeout`, `setInterval`, `clearTimeout` and `clearInterval`. Their callbacks run in the isolate,
   * within `timeoutMs`; the call ends when the script's value is ready (its promise settled), and timers still
   * pending then never run.
   * @default false
   */
  timers?: boolean;
}

/** Why a sandboxed call did not produce a value. */
export type SandboxFailureKind = 'error' | 'timeout' | 'memory' | 'cancelled';

/** One `send_output(port, value)` call of a script, in call order. */
interface SandboxOutput {
  port: string;
  value: JsonValue;
}

/**
 * What a sandboxed call produced: its value (`undefined` as a whole result becomes `null`), the outputs it
 * sent and its console lines, or why it failed (with the console lines recorded until then, when they
 * could still be read).
 */
export type SandboxOutcome =
  { ok: true; value: JsonValue; outputs: SandboxOutput[]; logs: string[] } | { ok: false; kind: SandboxFailureKind; error: string; logs: string[] };
