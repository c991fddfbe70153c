import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { BodyTooLargeError, readBoundedStream } from '../../outbound-http';

/** What an upload stores: the bytes or text, its content type, and the key a file packet named. */
export interface UploadBody {
  readonly body: Buffer | string;
  readonly contentType: string;
  readonly size: number;
  readonly key?: string;
}

const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * The body an upload stores for a `file-in` packet: text as is (`text/plain`); `{base64, contentType?}` as
 * its bytes; `{text, contentType}` as that text; any other JSON as JSON text (`application/json`). A
 * downloaded object's metadata packet is such a file, so a download can be uploaded elsewhere as it came.
 * @throws Error when there is no packet, or its base64 is no base64
 */
export function uploadBody(packet: JsonValue | undefined): UploadBody {
  if (packet === undefined) throw new Error('upload needs the content to store on file-in');
  if (typeof packet === 'string') return { body: packet, contentType: TEXT_TYPE, size: Buffer.byteLength(packet) };
  if (isJsonObject(packet)) {
    const contentType = typeof packet.contentType === 'string' && packet.contentType !== '' ? packet.contentType : undefined;
    const key = typeof packet.key === 'string' && packet.key !== '' ? packet.key : undefined;
    if (typeof packet.base64 === 'string') {
      if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(packet.base64)) throw new Error('file-in: base64 is not base64 text');
      const bytes = Buffer.from(packet.base64, 'base64');
      return { body: bytes, contentType: contentType ?? 'application/octet-stream', size: bytes.length, key };
    }
    if (typeof packet.text === 'string' && contentType !== undefined) return { body: packet.text, contentType, size: Buffer.byteLength(packet.text), key };
  }
  const json = JSON.stringify(packet);
  return { body: json, contentType: 'application/json', size: Buffer.byteLength(json) };
}

// Content types whose bodies are text, when they decode as UTF-8.
const TEXT_CONTENT =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-ndjson|ndjson|yaml|x-yaml|csv|sql|graphql|x-www-form-urlencoded)\b|[^;]*\+(json|xml)\b)/i;

/**
 * How downloaded content travels in a JSON packet: `{text}` when its content type is a text type and it is
 * valid UTF-8, otherwise `{base64}`.
 */
export function downloadedContent(bytes: Uint8Array, contentType: string | undefined): { text: string } | { base64: string } {
  if (contentType !== undefined && TEXT_CONTENT.test(contentType.trim())) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
    } catch {
      // Not UTF-8 after all: it travels as bytes.
    }
  }
  return { base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}

/** A stream a download reads: the SDK's body, as a web stream. */
export interface DownloadStream {
  transformToWebStream(): ReadableStream<Uint8Array>;
}

/**
 * Reads a downloaded object into memory, stopping (and cancelling the stream) as soon as it passes `maxBytes`.
 * @param what - the object, for the message: `s3://bucket/key`
 * @throws Error when the object is longer than `maxBytes`
 */
export async function readBoundedObject(stream: DownloadStream | undefined, maxBytes: number, what: string): Promise<Uint8Array> {
  if (stream === undefined) return new Uint8Array(0);
  try {
    return await readBoundedStream(stream.transformToWebStream(), maxBytes);
  } catch (error) {
    throw error instanceof BodyTooLargeError ? tooLarge(what, maxBytes) : error;
  }
}

/** The error of an object larger than a download may read. */
export function tooLarge(what: string, maxBytes: number): Error {
  return new Error(`${what} is larger than the ${maxBytes} bytes a download may read`);
}

/** The metadata fields of a stored object, as S3 answers them, without undefined ones. */
export function objectFields(fields: Record<string, string | number | boolean | Date | JsonObject | undefined>): JsonObject {
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    out[name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** An ETag without the quotes S3 wraps it in. */
export function bareEtag(etag: string | undefined): string | undefined {
  return etag?.replace(/^"(.*)"$/, '$1');
}
