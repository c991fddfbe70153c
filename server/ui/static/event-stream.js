// Reads an execution's Server-Sent Events through fetch rather than EventSource: EventSource cannot send an
// Authorization header, and one reader for both cases keeps a single path to test.

import { authHeaders, ApiError, retryAfterOf } from './api.js';

/** Splits SSE text into events as it arrives; lines may be cut anywhere between chunks. */
export class SseParser {
  #buffer = '';
  #event = { id: undefined, type: 'message', data: [] };

  /** Feeds a chunk of text; returns the events it completed, each `{id, type, data}`, and the latest `retry`. */
  push(text) {
    this.#buffer += text;
    const events = [];
    let retry;
    let newline;
    while ((newline = this.#buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.#buffer.slice(0, newline);
      this.#buffer = this.#buffer.slice(newline + (this.#buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (this.#event.data.length > 0) events.push({ id: this.#event.id, type: this.#event.type, data: this.#event.data.join('\n') });
        this.#event = { id: undefined, type: 'message', data: [] };
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') this.#event.data.push(value);
      else if (field === 'event') this.#event.type = value;
      else if (field === 'id') this.#event.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
    }
    return { events, retry };
  }
}

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** How long to wait before trying again after a refused or dropped stream: the server's Retry-After when it gave one. */
function retryDelay(response, retryMs) {
  const seconds = response === undefined ? undefined : retryAfterOf(response);
  return seconds === undefined ? retryMs : seconds * 1000;
}

// A bug in a handler surfaces as the page's own error; it must not pass for a dropped connection and reconnect.
function deliver(handler, data) {
  try {
    handler(JSON.parse(data));
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/**
 * Follows an execution's event stream until its `end` event, calling `onEvent(event)` for each execution event
 * (parsed JSON, named by `_type`) and `onEnd(data)` at the end. A dropped connection is resumed after the
 * last seq received (`Last-Event-ID`), as EventSource would; a 204 means the log was already read to its end.
 * A 4xx other than 429 stops it with `onError`; a 429 or 5xx is tried again after its Retry-After. Abort
 * `signal` to stop following.
 */
export async function followEvents(url, { signal, onEvent, onEnd, onError, onConnection }) {
  let lastId;
  let retryMs = 3000;
  while (!signal.aborted) {
    let response;
    try {
      const headers = { accept: 'text/event-stream', ...authHeaders() };
      if (lastId !== undefined) headers['last-event-id'] = lastId;
      response = await fetch(url, { headers, signal, cache: 'no-store' });
      if (response.status === 204) return onEnd?.(undefined);
      if (!response.ok) {
        const envelope = await response.json().catch(() => undefined);
        const error = new ApiError(response.status, envelope?.code ?? 'HTTP', envelope?.error ?? `The event stream answered ${response.status}.`);
        if (response.status < 500 && response.status !== 429) return onError?.(error);
        throw error;
      }
      onConnection?.('open');
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { events, retry } = parser.push(value);
        if (retry !== undefined) retryMs = retry;
        for (const event of events) {
          if (event.type === 'end') return deliver((data) => onEnd?.(data), event.data);
          if (event.id !== undefined) lastId = event.id;
          deliver(onEvent, event.data);
        }
      }
      onConnection?.('retrying');
    } catch (error) {
      if (signal.aborted) return;
      onConnection?.('retrying', error);
    }
    await sleep(response?.ok ? retryMs : retryDelay(response, retryMs), signal);
  }
}
