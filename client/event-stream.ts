import { delay } from './abortable';
import { EventStreamUnavailableError } from './client-errors';
import { type components } from './generated/openapi';
import { retryAfterMs } from './rate-limit-delay';
import { type RawClient } from './raw-client';
import { readServerSentEvents } from './sse-reader';
import { TERMINAL_EVENT_TYPES } from './terminal-states';

type ExecutionEvent = components['schemas']['ExecutionEvent'];

/** Options of {@link streamExecutionEvents}. */
export interface EventStreamOptions {
  /** The first seq to read. @default 1 */
  fromSeq?: number | undefined;
  /** Stops reading; the iterator then throws the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** Connections in a row that may fail before the stream gives up. */
const MAX_FAILED_CONNECTIONS = 5;
const DEFAULT_RETRY_MS = 1000;

/** The text of an error answer: the envelope's `error`, or the body as it came. */
export function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string') return (error as { error: string }).error;
  return typeof error === 'string' && error !== '' ? error : 'request failed';
}

type Opened = { body: ReadableStream<Uint8Array> } | { limited: Response } | { failure: unknown };

/** One request for the stream: its body, a wait the server asked for, or a failure worth another try. */
async function openStream(raw: RawClient, executionId: string, fromSeq: number, signal: AbortSignal | undefined): Promise<Opened> {
  let outcome;
  try {
    outcome = await raw.GET('/workflows/{execution_id}/events', {
      params: { path: { execution_id: executionId }, query: { from_seq: fromSeq } },
      headers: { Accept: 'text/event-stream' },
      parseAs: 'stream',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { failure: error };
  }
  const { data, error, response } = outcome;
  if (response.status === 429) return { limited: response };
  if (error !== undefined) {
    const failure = new Error(`Execution '${executionId}': ${errorText(error)}`);
    if (response.status >= 500) return { failure };
    throw failure;
  }
  const type = response.headers.get('content-type');
  if (!data || !type?.startsWith('text/event-stream')) {
    await data?.cancel();
    throw new EventStreamUnavailableError(response.status, type);
  }
  return { body: data };
}

/**
 * Follows an execution's events over Server-Sent Events (`GET /workflows/{id}/events`), ending after its
 * terminal event. A connection that ends early (a proxy's timeout, say) is opened again from the seq after the
 * last event read, after the server's `retry` delay; a 429 waits for its `Retry-After`; five connections in a
 * row that fail (no answer, a 5xx, a broken read) without a new event end it with the last failure.
 * @throws Error naming the execution when the server refuses it (404); EventStreamUnavailableError when the
 * server answers without an event stream
 */
export async function* streamExecutionEvents(
  raw: RawClient,
  executionId: string,
  options: EventStreamOptions = {},
): AsyncGenerator<ExecutionEvent, void, undefined> {
  const { signal } = options;
  let nextSeq = options.fromSeq ?? 1;
  let retryMs = DEFAULT_RETRY_MS;
  let failed = 0;
  let limited = 0;
  for (;;) {
    const before = nextSeq;
    const opened = await openStream(raw, executionId, nextSeq, signal);
    if ('limited' in opened) {
      await delay(retryAfterMs(opened.limited, limited++), signal);
      continue;
    }
    limited = 0;
    let failure = 'failure' in opened ? opened.failure : undefined;
    if ('body' in opened) {
      try {
        for await (const message of readServerSentEvents(opened.body)) {
          if (message.retry !== undefined) retryMs = message.retry;
          if (message.event === 'end') return;
          const event = JSON.parse(message.data) as ExecutionEvent;
          if (event.seq < nextSeq) continue;
          nextSeq = event.seq + 1;
          yield event;
          if (TERMINAL_EVENT_TYPES.has(event._type)) return;
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        failure = error;
      }
    }
    // The connection ended or failed before the `end` event: open it again after the last event read.
    if (failure === undefined || nextSeq !== before) failed = 0;
    else if (++failed >= MAX_FAILED_CONNECTIONS) throw failure;
    await delay(retryMs * Math.max(1, failed), signal);
  }
}
