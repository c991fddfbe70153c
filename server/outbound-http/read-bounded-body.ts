/** The largest response body a network actor reads: 10 MiB. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** A response body longer than the bound; it is not retried, the same request would get the same body. */
export class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`the response body exceeds the limit of ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a response body into memory, stopping (and cancelling the stream) as soon as it passes
 * `maxBytes`, so a huge or endless response cannot exhaust memory.
 * @throws BodyTooLargeError when the body, or its announced Content-Length, is longer than `maxBytes`.
 */
export async function readBoundedBody(response: Response, maxBytes: number = MAX_RESPONSE_BYTES): Promise<Uint8Array> {
  const body = response.body;
  if (body === null) return new Uint8Array(0);
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (announced > maxBytes) {
    await body.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  return readBoundedStream(body, maxBytes);
}

/**
 * Reads a byte stream into memory, stopping (and cancelling the stream) as soon as it passes `maxBytes`.
 * @throws BodyTooLargeError when the stream is longer than `maxBytes`.
 */
export async function readBoundedStream(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
