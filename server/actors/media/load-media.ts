import { basename } from 'node:path';
import { type JsonObject } from '../../engine';
import { describeUrl } from '../../outbound-http';
import { readConfinedFile } from '../shared';
import { fetchMedia } from './fetch-media';
import { type MediaActorOptions } from './media-actor-options';
import { decodeBase64 } from './media-bytes';
import { type MediaSource } from './media-source';

/** A medium's bytes, the type its sender declared (a Content-Type, a data URL's type) and where it came from. */
export interface LoadedMedia {
  readonly bytes: Buffer;
  readonly declaredType?: string;
  /** For the metadata: `{source: 'url', url}` (no query string), `{source: 'base64'}` or `{source: 'file', name}`. */
  readonly from: JsonObject;
}

/** What {@link loadMedia} needs besides the source. */
export interface LoadOptions {
  /** What the medium is, for messages: `Image`, `Audio`, `Video`. */
  readonly what: string;
  readonly maxBytes: number;
  readonly accept: readonly string[];
  readonly signal: AbortSignal;
}

/**
 * Reads the bytes of a medium from its source: a URL through {@link fetchMedia}, base64 content, or a file
 * under the server's `files_dir` through `readConfinedFile` (symbolic links resolved, nothing outside it).
 * Each way refuses more than `maxBytes` before holding it all.
 * @throws Error naming the cause: a refused or unreachable address, an error status, a path outside
 *   `files_dir`, a missing file, text that is not base64, a medium too large
 */
export async function loadMedia(source: MediaSource, load: LoadOptions, options: MediaActorOptions): Promise<LoadedMedia> {
  if (source.kind === 'url') {
    const fetched = await fetchMedia(source.url, { maxBytes: load.maxBytes, accept: load.accept, signal: load.signal, origin: source.origin }, options);
    return { bytes: fetched.bytes, declaredType: fetched.declaredType, from: { source: 'url', url: describeUrl(fetched.url) } };
  }
  if (source.kind === 'base64') {
    return { bytes: decodeBase64(source.base64, load.maxBytes, source.origin), declaredType: source.declaredType, from: { source: 'base64' } };
  }
  const bytes = await readConfinedFile(source.path, options.filesDir, load.maxBytes, load.what, load.signal);
  return { bytes, from: { source: 'file', name: basename(source.path) } };
}
