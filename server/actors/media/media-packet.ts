import { type JsonObject } from '../../engine';
import { isAcceptedFormat } from './accepted-formats';
import { type MediaFacts } from './describe-media';

/**
 * The packet that carries a medium between nodes: its bytes as base64 with the content type read from them.
 * Media input nodes take it back on `source`, and the CSV reader on `file-in`.
 */
export function mediaPacket(contentType: string, bytes: Uint8Array): JsonObject {
  return { contentType, base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}

/**
 * The metadata of a medium: where it came from, its size in bytes and what its bytes tell; `declaredType`
 * when its sender declared another type than the content has.
 */
export function mediaMetadata(from: JsonObject, facts: MediaFacts, size: number, declaredType?: string): JsonObject {
  const metadata: JsonObject = { ...from, ...facts, size };
  if (declaredType !== undefined && declaredType !== facts.contentType) metadata.declaredType = declaredType;
  return metadata;
}

/**
 * Refuses a content type the node's `acceptedFormats` does not list.
 * @throws Error naming the type and the setting
 */
export function checkAccepted(contentType: string, accepted: readonly string[]): void {
  if (!isAcceptedFormat(contentType, accepted)) throw new Error(`the content is ${contentType}, which acceptedFormats (${accepted.join(', ')}) does not list`);
}
