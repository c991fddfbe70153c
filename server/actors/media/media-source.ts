import { z } from 'zod';
import { type JsonValue } from '../../engine';
import { readDataUrl } from './media-bytes';

/** Where a medium comes from: a URL to fetch, base64 content, or a file under the server's `files_dir`. */
export type MediaSource =
  | { readonly kind: 'url'; readonly url: string; readonly origin: string }
  | { readonly kind: 'base64'; readonly base64: string; readonly declaredType?: string; readonly origin: string }
  | { readonly kind: 'path'; readonly path: string; readonly origin: string };

/** How a node reads a text that is neither an http(s) URL nor a data URL: the `source` setting decides. */
export type TextReading = 'url' | 'base64' | 'path';

const PacketSchema = z.union([
  z.string(),
  z.object({ url: z.string().min(1) }),
  z.object({ base64: z.string(), contentType: z.string().optional() }),
  z.object({ path: z.string().min(1) }),
]);

/**
 * Reads a text naming a medium: an http(s) URL, a `data:` URL, or else what `reading` says (a URL, base64
 * content or a path under `files_dir`).
 * @param origin - where the text came from, for messages: `source` or `config 'imageFile'`
 */
export function sourceOfText(text: string, reading: TextReading, origin: string): MediaSource {
  const trimmed = text.trim();
  if (/^https?:\/\//i.test(trimmed)) return { kind: 'url', url: trimmed, origin };
  const data = readDataUrl(trimmed);
  if (data !== undefined) return { kind: 'base64', ...data, origin };
  if (reading === 'url') return { kind: 'url', url: trimmed, origin };
  return reading === 'base64' ? { kind: 'base64', base64: trimmed, origin } : { kind: 'path', path: trimmed, origin };
}

/**
 * Reads a `source` packet: a text (see {@link sourceOfText}), `{url}`, `{base64, contentType?}` (what a media
 * node emits on its data port) or `{path}`.
 * @throws Error naming the accepted shapes when the packet is none of them
 */
export function sourceOfPacket(packet: JsonValue, reading: TextReading): MediaSource {
  const parsed = PacketSchema.safeParse(packet);
  if (!parsed.success) throw new Error('source must be a URL, a data: URL, base64 text, a file path, {url}, {base64, contentType} or {path}');
  const value = parsed.data;
  const origin = 'source';
  if (typeof value === 'string') return sourceOfText(value, reading, origin);
  if ('url' in value) return { kind: 'url', url: value.url.trim(), origin };
  if ('path' in value) return { kind: 'path', path: value.path, origin };
  const declaredType = value.contentType?.trim().toLowerCase();
  return { kind: 'base64', base64: value.base64, ...(declaredType ? { declaredType } : {}), origin };
}
