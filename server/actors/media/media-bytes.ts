/** Base64 text, standard or URL-safe, padded or not. */
const BASE64 = /^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/;

/** A `data:` URL with base64 content: its declared media type and the base64 text. */
const DATA_URL = /^data:([^;,]*)(?:;[^;,]*)*?;base64,/i;

/** Base64 content and the media type its sender declared, when one did. */
export interface Base64Content {
  readonly base64: string;
  readonly declaredType?: string;
}

/**
 * Reads a `data:` URL, or undefined when the text is none.
 * @throws Error when it is a data URL whose content is not base64 (media are binary)
 */
export function readDataUrl(text: string): Base64Content | undefined {
  if (!/^data:/i.test(text)) return undefined;
  const match = DATA_URL.exec(text);
  if (match === null) throw new Error('a data: URL of a medium must be base64-encoded (data:<type>;base64,...)');
  const declaredType = match[1].trim().toLowerCase();
  return { base64: text.slice(match[0].length), ...(declaredType === '' ? {} : { declaredType }) };
}

/** Why a text is not base64, or undefined when it is (white space is ignored, as in wrapped base64). */
export function base64Problem(text: string): string | undefined {
  return BASE64.test(text.replace(/\s+/g, '')) ? undefined : 'is not base64 text';
}

/** The largest size that base64 text of this length decodes to. */
function decodedLength(compact: string): number {
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return Math.floor((compact.length * 3) / 4) - padding;
}

/** What sets the limit of a media input node, for messages. */
const INPUT_LIMIT = "maxFileSize, capped by the server's max_media_bytes";

/** What a medium larger than its node's limit is refused with. */
export class MediaTooLargeError extends Error {
  constructor(what: string, maxBytes: number, limitName: string = INPUT_LIMIT) {
    super(`${what} is larger than the limit of ${maxBytes} bytes (${limitName})`);
    this.name = 'MediaTooLargeError';
  }
}

/**
 * Decodes base64 text, refusing it before decoding when it would be larger than `maxBytes`.
 * @param what - what the text is, for messages, such as `source` or `config 'imageFile'`
 * @param limitName - what sets `maxBytes`, for messages
 * @throws Error when the text is not base64, is empty or is too large
 */
export function decodeBase64(text: string, maxBytes: number, what: string, limitName: string = INPUT_LIMIT): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw new Error(`${what} is not base64 text`);
  if (decodedLength(compact) > maxBytes) throw new MediaTooLargeError(`The base64 content of ${what}`, maxBytes, limitName);
  const bytes = Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
  if (bytes.length === 0) throw new Error(`${what} is empty`);
  return bytes;
}
