/** What a {@link FrameReader} made of a chunk: the frames it completed, or why the stream cannot be read on. */
export type FrameRead = { ok: true; frames: Buffer[] } | { ok: false; reason: 'too-large' | 'malformed' };

/** The longest header: the decimal length of a frame and its newline. */
const MAX_HEADER_BYTES = 24;

/**
 * Reads length-framed messages from a byte stream: each is its length in bytes as decimal digits, a newline,
 * then that many bytes. A frame longer than `maxFrameBytes`, or a header that is no length, ends the reading.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private length: number | undefined;
  private failed = false;

  constructor(private readonly maxFrameBytes: number) {}

  /** Takes the next chunk of the stream. */
  push(chunk: Buffer): FrameRead {
    if (this.failed) return { ok: false, reason: 'malformed' };
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    const frames: Buffer[] = [];
    for (;;) {
      if (this.length === undefined) {
        const head = Buffer.concat(this.chunks);
        const newline = head.indexOf(10);
        if (newline === -1) {
          if (head.length > MAX_HEADER_BYTES) return this.fail('malformed');
          this.chunks = [head];
          break;
        }
        const text = head.subarray(0, newline).toString('ascii');
        if (!/^\d{1,20}$/.test(text)) return this.fail('malformed');
        this.length = Number(text);
        if (this.length > this.maxFrameBytes) return this.fail('too-large');
        this.chunks = [head.subarray(newline + 1)];
        this.bytes = head.length - newline - 1;
      }
      if (this.bytes < this.length) break;
      const body = Buffer.concat(this.chunks);
      frames.push(body.subarray(0, this.length));
      this.chunks = [body.subarray(this.length)];
      this.bytes = body.length - this.length;
      this.length = undefined;
      if (this.bytes === 0) break;
    }
    return { ok: true, frames };
  }

  private fail(reason: 'too-large' | 'malformed'): FrameRead {
    this.failed = true;
    this.chunks = [];
    return { ok: false, reason };
  }
}
