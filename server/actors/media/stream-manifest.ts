import { describeUrl } from '../../outbound-http';
import { fetchMedia } from './fetch-media';
import { type MediaActorOptions } from './media-actor-options';
import { type MediaOutput, type UrlSource } from './media-input-actor';

/** The adaptive streaming formats a video node's `streamType` names. */
export type StreamType = 'hls' | 'dash';

/** The largest manifest read: a playlist, not the video. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

const MANIFEST_TYPES: Readonly<Record<StreamType, string>> = { hls: 'application/vnd.apple.mpegurl', dash: 'application/dash+xml' };

function manifestType(text: string): StreamType | undefined {
  if (text.startsWith('#EXTM3U')) return 'hls';
  return /<MPD[\s>]/.test(text.slice(0, 4096)) ? 'dash' : undefined;
}

/**
 * Reads a live or adaptive stream's manifest (HLS playlist or DASH MPD) through the same fetch path as
 * media URLs, checks it is the `streamType` asked for (`auto` takes either) and sends a reference to the
 * stream: the video itself is played from its segments by whoever shows it, never downloaded here.
 * @throws Error naming the problem: not a manifest, another stream type than asked, a fetch failure
 */
export async function streamReference(
  source: UrlSource,
  streamType: 'auto' | StreamType,
  maxBytes: number,
  signal: AbortSignal,
  options: MediaActorOptions,
): Promise<MediaOutput> {
  const accept = [MANIFEST_TYPES.hls, 'application/x-mpegurl', MANIFEST_TYPES.dash];
  const fetched = await fetchMedia(source.url, { maxBytes: Math.min(maxBytes, MAX_MANIFEST_BYTES), accept, signal, origin: source.origin }, options);
  const manifest = fetched.bytes.toString('utf8').replace(/^\uFEFF/, '');
  const found = manifestType(manifest);
  if (found === undefined) throw new Error(`the stream at ${describeUrl(fetched.url)} is neither an HLS playlist (#EXTM3U) nor a DASH manifest (<MPD>)`);
  if (streamType !== 'auto' && streamType !== found)
    throw new Error(`streamType is ${streamType} but the stream at ${describeUrl(fetched.url)} is ${found === 'hls' ? 'an HLS playlist' : 'a DASH manifest'}`);
  const contentType = MANIFEST_TYPES[found];
  return {
    data: { url: fetched.url, streamType: found, contentType, manifest },
    metadata: { source: 'stream', url: describeUrl(fetched.url), streamType: found, contentType, size: fetched.bytes.length },
  };
}
