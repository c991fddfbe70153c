import { z } from 'zod';
import { type JsonValue } from '../../engine';
import { decodeBase64, readDataUrl } from './media-bytes';

/** One frame of a stream: its bytes and the type its sender declared, if any. */
export interface StreamFrame {
  readonly bytes: Buffer;
  readonly declaredType?: string;
}

const FrameSchema = z.union([z.string(), z.object({ base64: z.string(), contentType: z.string().optional() })]);

// A display has no size setting of its own: the server's cap bounds every frame.
const FRAME_LIMIT = "the server's max_media_bytes";

/**
 * Reads a frame packet: `{base64, contentType?}` (what the media input nodes send), a base64 `data:` URL or
 * base64 text, refused when larger than `maxBytes`.
 * @throws Error naming the accepted shapes, or why the content is refused
 */
export function readStreamFrame(packet: JsonValue | undefined, maxBytes: number): StreamFrame {
  const what = 'the frame';
  const parsed = FrameSchema.safeParse(packet);
  if (!parsed.success) throw new Error('a frame must be {base64, contentType}, a base64 data: URL or base64 text');
  const value = parsed.data;
  if (typeof value !== 'string') {
    const declaredType = value.contentType?.trim().toLowerCase();
    return { bytes: decodeBase64(value.base64, maxBytes, what, FRAME_LIMIT), ...(declaredType ? { declaredType } : {}) };
  }
  const data = readDataUrl(value.trim());
  const bytes = decodeBase64(data?.base64 ?? value, maxBytes, what, FRAME_LIMIT);
  return data?.declaredType === undefined ? { bytes } : { bytes, declaredType: data.declaredType };
}
