/** How a WorkflowSocket opens its connection again after it drops. */
export interface ReconnectOptions {
  /** Failed attempts in a row before it gives up. @default 10 */
  attempts?: number | undefined;
  /** The pause before the first attempt, doubled after each failed one. @default 250 */
  minDelayMs?: number | undefined;
  /** The longest pause between two attempts. @default 10000 */
  maxDelayMs?: number | undefined;
}

/** Reconnect options with every default filled in. */
export interface ReconnectPolicy {
  attempts: number;
  minDelayMs: number;
  maxDelayMs: number;
}

/** The policy a `reconnect` option stands for: none when it is off, the defaults for `true`. */
export function reconnectPolicy(option: boolean | ReconnectOptions | undefined): ReconnectPolicy | undefined {
  if (!option) return undefined;
  const given = option === true ? {} : option;
  return { attempts: given.attempts ?? 10, minDelayMs: given.minDelayMs ?? 250, maxDelayMs: given.maxDelayMs ?? 10_000 };
}
