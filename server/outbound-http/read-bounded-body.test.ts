import { BodyTooLargeError, readBoundedBody } from './read-bounded-body';

/** A response streaming `chunks` chunks of `size` bytes, recording whether the reader cancelled it. */
function streamedResponse(
  chunks: number,
  size: number,
  headers: Record<string, string> = {},
): { response: Response; state: { pulled: number; cancelled: boolean } } {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) controller.close();
      else {
        state.pulled++;
        controller.enqueue(new Uint8Array(size).fill(97));
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(stream, { headers }), state };
}

describe('reading a bounded body', () => {
  it('returns every byte of a body within the bound, in order', async () => {
    const bytes = await readBoundedBody(new Response('hello, world'), 100);
    expect(new TextDecoder().decode(bytes)).toBe('hello, world');
  });

  it('accepts a body of exactly the bound and returns an empty array for no body', async () => {
    expect((await readBoundedBody(streamedResponse(4, 25).response, 100)).byteLength).toBe(100);
    expect((await readBoundedBody(new Response(null), 100)).byteLength).toBe(0);
  });

  it('stops reading and cancels the stream as soon as the body passes the bound', async () => {
    const { response, state } = streamedResponse(1000, 64);
    await expect(readBoundedBody(response, 200)).rejects.toThrow(new BodyTooLargeError(200));
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(10);
  });

  it('refuses a body whose Content-Length announces more than the bound without reading it', async () => {
    const { response, state } = streamedResponse(1, 10, { 'content-length': '5000' });
    await expect(readBoundedBody(response, 100)).rejects.toThrow('exceeds the limit of 100 bytes');
    expect(state.cancelled).toBe(true);
  });
});
