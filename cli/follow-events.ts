import { type EngineEvent, ExecutionEventSchema, type TerminalEvent, isTerminalEvent } from '../model';
import { CliError } from './cli-error';
import { readServerSentEvents } from '../client';
import { type ServerConnection, refused, unreachable } from './server-connection';

/** Options of {@link followEvents}. */
export interface FollowOptions {
  /** The first seq to read. @default 1 */
  fromSeq?: number;
  /** Each event, in log order, each once. */
  onEvent(event: EngineEvent): void;
  /** Connection attempts in a row that may fail before following gives up. @default 5 */
  maxAttempts?: number;
}

const RETRY_BASE_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows an execution's events over the service's event stream (`text/event-stream`) until its terminal
 * event, and resolves with it; undefined when the log had already ended before `fromSeq`. A dropped connection
 * is opened again from the next seq, so nothing is missed or repeated.
 * @throws CliError when the service answers an error (an unknown id) or cannot be reached `maxAttempts` times in a row
 */
export async function followEvents(connection: ServerConnection, executionId: string, options: FollowOptions): Promise<TerminalEvent | undefined> {
  let nextSeq = Math.max(1, options.fromSeq ?? 1);
  const maxAttempts = options.maxAttempts ?? 5;
  let failures = 0;
  for (;;) {
    const abort = new AbortController();
    const url = `${connection.url}/workflows/${encodeURIComponent(executionId)}/events?from_seq=${nextSeq}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'text/event-stream', ...connection.headers }, signal: abort.signal });
    } catch (error) {
      failures += 1;
      if (failures >= maxAttempts) throw unreachable(connection.url, error);
      await pause(RETRY_BASE_MS * failures);
      continue;
    }
    if (response.status === 204) return undefined;
    if (!response.ok || response.body === null) throw refused(response, await response.json().catch(() => undefined), connection);
    try {
      for await (const message of readServerSentEvents(response.body)) {
        if (message.event === 'end') return undefined;
        const parsed = ExecutionEventSchema.safeParse(JSON.parse(message.data));
        if (!parsed.success) throw new CliError(`The service sent an event that is not one: ${message.data.slice(0, 200)}`);
        const event = parsed.data;
        if (event.seq < nextSeq) continue;
        nextSeq = event.seq + 1;
        failures = 0;
        options.onEvent(event);
        if (isTerminalEvent(event)) return event;
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
      // The connection dropped mid-stream: open it again from the next seq.
    } finally {
      abort.abort();
    }
    failures += 1;
    if (failures >= maxAttempts) throw new CliError(`The event stream of execution '${executionId}' at ${connection.url} kept closing before its end`);
    await pause(RETRY_BASE_MS * failures);
  }
}
