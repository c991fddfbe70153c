import { type JsonValue } from '../../engine';
import { jsonOrText } from '../shared';

const TEXT_TYPES = ['application/xml', 'application/javascript', 'application/ecmascript', 'application/x-www-form-urlencoded', 'application/graphql'];

/** Whether a media type (`type/subtype`, lower case, no parameters) carries JSON. */
function isJsonType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function isTextType(mediaType: string): boolean {
  return mediaType === '' || mediaType.startsWith('text/') || mediaType.endsWith('+xml') || TEXT_TYPES.includes(mediaType);
}

function decodeText(bytes: Uint8Array, contentType: string): string {
  const charset = /;\s*charset="?([^";\s]+)"?/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Turns a response body into a packet value: `null` when empty; the parsed value for a JSON media type
 * (the text when it does not parse); text for text media types or no Content-Type; base64 otherwise.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): JsonValue {
  if (bytes.byteLength === 0) return null;
  const type = contentType ?? '';
  const mediaType = type.split(';')[0].trim().toLowerCase();
  if (isJsonType(mediaType)) return jsonOrText(decodeText(bytes, type));
  if (isTextType(mediaType)) return decodeText(bytes, type);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
