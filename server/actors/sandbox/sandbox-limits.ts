/** Bounds on what one sandboxed call may record; they keep a chatty or hostile script from filling the host. */
export interface SandboxLimits {
  /**
   * Console lines kept per call; later lines are counted and reported as one marker line.
   * @default 1000
   */
  maxLogLines: number;
  /**
   * Characters kept of one console line; the rest is cut and marked.
   * @default 8192
   */
  maxLogLineChars: number;
  /**
   * `send_output` calls accepted per call; one more throws inside the script.
   * @default 10000
   */
  maxOutputs: number;
  /**
   * Nesting depth of a value crossing out of the sandbox (result or output).
   * @default 512
   */
  maxDepth: number;
  /**
   * Characters kept of an error message.
   * @default 8192
   */
  maxErrorChars: number;
  /**
   * Characters of JSON one value leaving the sandbox (the result, or one `send_output` value) may have; a
   * larger one fails the call inside the sandbox, before the host copies and parses it on its event loop.
   * @default 8388608 (8 MiB)
   */
  maxValueChars: number;
}

/** The limits every sandboxed call runs with. */
export const SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  maxLogLines: 1000,
  maxLogLineChars: 8192,
  maxOutputs: 10_000,
  maxDepth: 512,
  maxErrorChars: 8192,
  maxValueChars: 8 * 1024 * 1024,
});

/** The smallest memory limit an isolate accepts, in MB. */
export const MIN_SANDBOX_MEMORY_MB = 8;
