import { DeadlineExceededError, deadline, delay } from './abortable';
import { errorText, streamExecutionEvents } from './event-stream';
import { type components } from './generated/openapi';
import { pacingMs, retryAfterMs } from './rate-limit-delay';
import { type RawClient } from './raw-client';
import { TERMINAL_STATUSES } from './terminal-states';
import { type WorkflowSocket } from './ws-client';

type Execution = components['schemas']['Execution'];

/** Options of `waitForCompletion`. */
export interface WaitOptions {
  /** Give up after this many milliseconds. @default no limit (the server's execution timeout ends every run) */
  timeoutMs?: number | undefined;
  /** Stops waiting; the call then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /**
   * How to learn that the run ended: `events` follows its events (over the client's socket when it has one,
   * else Server-Sent Events) and polls only when the server streams none; `polling` only polls.
   * @default 'events'
   */
  via?: 'events' | 'polling' | undefined;
  /** The first pause between two polls; each next one is 1.5 times longer. @default 100 */
  intervalMs?: number | undefined;
  /** The longest pause between two polls. @default 2000 */
  maxIntervalMs?: number | undefined;
}

/** The pause before asking again a server that is away (restarting), after `times` tries: from 250 ms, doubling up to 5 s. */
const awayPauseMs = (times: number): number => Math.min(250 * 2 ** times, 5000);

/**
 * Reads an execution once, waiting out any 429 for as long as the server's `Retry-After` says. Once the execution
 * was `seen`, a server that is away (no connection, or a 502, 503 or 504 from it or its proxy) is asked again
 * until it is back: it may be restarting, and a run it was running resumes when it is.
 */
async function readExecution(raw: RawClient, executionId: string, signal: AbortSignal, seen = false): Promise<{ execution: Execution; response: Response }> {
  for (let limited = 0, away = 0; ;) {
    const answer = await raw.GET('/workflows/{execution_id}', { params: { path: { execution_id: executionId } }, signal }).then(
      (read) => ({ read }),
      (unreachable: unknown) => ({ unreachable }),
    );
    if ('unreachable' in answer) {
      if (!seen || signal.aborted) throw answer.unreachable;
      await delay(awayPauseMs(away++), signal);
      continue;
    }
    const { data, error, response } = answer.read;
    if (response.status === 429) {
      await delay(retryAfterMs(response, limited++), signal);
      continue;
    }
    if (seen && response.status >= 502 && response.status <= 504) {
      await delay(awayPauseMs(away++), signal);
      continue;
    }
    if (error !== undefined || !data) throw new Error(`Execution '${executionId}': ${errorText(error)}`);
    return { execution: data.data, response };
  }
}

/**
 * Follows the execution's events to its terminal one; false when they cannot be followed (then poll): the server
 * streams none, or the stream broke for good (the server went away: polling waits for it to come back).
 */
async function followEvents(raw: RawClient, socket: WorkflowSocket | undefined, executionId: string, signal: AbortSignal): Promise<boolean> {
  const events = socket ? socket.subscribe(executionId, { signal }) : streamExecutionEvents(raw, executionId, { signal });
  try {
    for await (const _event of events);
    return true;
  } catch (error) {
    if (signal.aborted) throw error;
    return false;
  }
}

/**
 * Resolves with an execution once it reaches a final state. It reads the execution once; while it runs,
 * follows its events, which costs one request however long the run; then reads it again. Polling (the
 * fallback, or `via: 'polling'`) backs off from `intervalMs` to `maxIntervalMs`, spreads its requests over
 * what the server's `RateLimit` headers leave, and waits out a 429 as its `Retry-After` says. A server that goes
 * away after the first read (a restart) is waited for: the run resumes there, and the wait goes on.
 * @throws Error naming the execution when it is not found or does not finish within `timeoutMs`
 */
export async function waitForExecution(raw: RawClient, socket: WorkflowSocket | undefined, executionId: string, options: WaitOptions = {}): Promise<Execution> {
  const { intervalMs = 100, maxIntervalMs = 2000 } = options;
  const { signal, release } = deadline(options.signal, options.timeoutMs);
  try {
    let { execution, response } = await readExecution(raw, executionId, signal);
    if (!TERMINAL_STATUSES.has(execution.status) && options.via !== 'polling' && (await followEvents(raw, socket, executionId, signal))) {
      ({ execution, response } = await readExecution(raw, executionId, signal, true));
    }
    for (let pause = intervalMs; !TERMINAL_STATUSES.has(execution.status); pause = Math.min(pause * 1.5, maxIntervalMs)) {
      await delay(Math.max(pause, pacingMs(response)), signal);
      ({ execution, response } = await readExecution(raw, executionId, signal, true));
    }
    return execution;
  } catch (error) {
    if (signal.reason instanceof DeadlineExceededError) throw new Error(`Execution '${executionId}' did not finish within ${options.timeoutMs} ms`);
    throw error;
  } finally {
    release();
  }
}
