/** One message of a Server-Sent Events stream. */
export interface ServerSentEvent {
  /** The `event:` name, `message` when the server named none. */
  event: string;
  /** The `data:` lines, joined by newlines. */
  data: string;
  /** The last `id:` the stream set, if any. */
  id?: string | undefined;
  /** The reconnection delay the server asked for with `retry:`, in milliseconds. */
  retry?: number | undefined;
}

/**
 * Reads Server-Sent Events from a response body as the HTML standard parses them (comments skipped, `\r\n`,
 * `\r` and `\n` line ends, multi-line data). The body is cancelled when the reader stops early.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The text of a line not ended yet, in the pieces it came in: a long line (a large event's data) is joined
  // once, when its end arrives, rather than searched again with every chunk.
  let partial: string[] = [];
  // A `\r` that ends a chunk may be the first half of a `\r\n` split across two chunks.
  let carriageReturn = false;
  let message: { event: string; data: string[] } = { event: '', data: [] };
  let id: string | undefined;
  let retry: number | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      let text: string = (carriageReturn ? '\r' : '') + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
      carriageReturn = !done && text.endsWith('\r');
      if (carriageReturn) text = text.slice(0, -1);
      text = text.replace(/\r\n?/g, '\n');
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        const piece = text.slice(start, end);
        const line = partial.length === 0 ? piece : partial.join('') + piece;
        partial = [];
        start = end + 1;
        if (line === '') {
          if (message.data.length > 0) yield { event: message.event || 'message', data: message.data.join('\n'), id, retry };
          message = { event: '', data: [] };
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const fieldValue = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') message.event = fieldValue;
        else if (field === 'data') message.data.push(fieldValue);
        else if (field === 'id' && !fieldValue.includes('\0')) id = fieldValue;
        else if (field === 'retry' && /^\d+$/.test(fieldValue)) retry = Number(fieldValue);
      }
      if (start < text.length) partial.push(text.slice(start));
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
