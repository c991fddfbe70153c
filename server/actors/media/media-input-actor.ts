import { type z } from 'zod';
import { type ActorContext, type AnyActorDefinition, type JsonObject, type JsonValue, defineActor } from '../../engine';
import { acceptedFormatList } from './accepted-formats';
import { type MediaKind, describeMedia } from './describe-media';
import { type MediaActorOptions, mediaByteLimit } from './media-actor-options';
import { checkAccepted, mediaMetadata, mediaPacket } from './media-packet';
import { type MediaSource, type TextReading, sourceOfPacket, sourceOfText } from './media-source';
import { loadMedia } from './load-media';

/** The settings every media input node reads; its other settings only tell the IDE how to show the medium. */
export interface MediaInputSettings {
  source: string;
  url?: string;
  acceptedFormats: string;
  maxFileSize: number;
}

/** A URL source: the address and where it came from (`source` or `config 'url'`). */
export type UrlSource = Extract<MediaSource, { kind: 'url' }>;

/** The packets of one firing: the medium on the data port and its metadata. */
export interface MediaOutput {
  readonly data: JsonValue;
  readonly metadata: JsonObject;
}

/** What differs between the image, audio and video input nodes. */
export interface MediaInputSpec<C extends MediaInputSettings> {
  readonly id: string;
  readonly title: string;
  readonly kind: MediaKind;
  /** What the medium is, for messages: `Image`. */
  readonly what: string;
  readonly fileKey: keyof C & string;
  readonly dataPort: string;
  readonly config: z.ZodType<C, z.ZodTypeDef, unknown>;
  /**
   * Handles the sources that are not downloaded (a video's stream, YouTube or Vimeo address), given the
   * address; undefined for a source that is read as bytes.
   */
  readonly reference?: (config: C, source: UrlSource, signal: AbortSignal) => Promise<MediaOutput> | undefined;
}

/** How a text naming the medium is read, by `source` setting: a URL, base64 content, or a path under `files_dir`. */
function textReading(source: string): TextReading {
  if (source === 'base64') return 'base64';
  return source === 'upload' || source === 'record' ? 'path' : 'url';
}

function settingSource<C extends MediaInputSettings>(config: C, fileKey: keyof C & string): MediaSource {
  const reading = textReading(config.source);
  const key = reading === 'url' ? 'url' : fileKey;
  const text = reading === 'url' ? config.url : (config[fileKey] as string | undefined);
  if (text === undefined) throw new Error(`config '${key}' is required when source is ${config.source} and no packet arrives on source`);
  return sourceOfText(text, reading, `config '${key}'`);
}

async function readMedium<C extends MediaInputSettings>(
  spec: MediaInputSpec<C>,
  source: MediaSource,
  config: C,
  signal: AbortSignal,
  options: MediaActorOptions,
): Promise<MediaOutput> {
  const accepted = acceptedFormatList(config.acceptedFormats);
  const loaded = await loadMedia(source, { what: spec.what, maxBytes: mediaByteLimit(config.maxFileSize, options), accept: accepted, signal }, options);
  const facts = describeMedia(spec.kind, loaded.bytes);
  checkAccepted(facts.contentType, accepted);
  return { data: mediaPacket(facts.contentType, loaded.bytes), metadata: mediaMetadata(loaded.from, facts, loaded.bytes.length, loaded.declaredType) };
}

/**
 * Builds a media input node: once at start (or once per packet on `source`, which overrides the settings) it
 * reads the medium from a URL, base64 content or a file under `files_dir`, checks its type (read from the
 * bytes) against `acceptedFormats` and its size against `maxFileSize`, and sends `{contentType, base64}` on
 * the data port and the metadata on `metadata`. Any failure fails the firing with its cause.
 */
export function createMediaInputActor<C extends MediaInputSettings>(spec: MediaInputSpec<C>, options: MediaActorOptions): AnyActorDefinition {
  return defineActor({
    id: spec.id,
    title: spec.title,
    description: `Reads ${spec.kind === 'image' ? 'an image' : spec.kind} from a URL, base64 content or a file under the server's files_dir; {contentType, base64} to ${spec.dataPort}, type, size and what the content tells to metadata.`,
    inports: {
      source: {
        type: 'all',
        description:
          'Overrides the settings: a URL, a data: URL, base64 text or a path (read as the source setting says), {url}, {base64, contentType} or {path}',
      },
    },
    outports: {
      [spec.dataPort]: { type: 'object', description: 'The medium: {contentType, base64}, the content type read from the bytes' },
      metadata: {
        type: 'object',
        description: 'Where it came from, contentType, format, size in bytes and what the format tells (dimensions, channels, duration)',
      },
    },
    config: spec.config,
    // It reads a URL or a file under files_dir, which may have changed since.
    effects: 'repeatable',
    async fire(ctx: ActorContext<C, string, string, undefined>) {
      const { config, inputs, signal } = ctx;
      const packet = inputs.source;
      const source = packet === undefined ? settingSource(config, spec.fileKey) : sourceOfPacket(packet, textReading(config.source));
      const output = (source.kind === 'url' ? spec.reference?.(config, source, signal) : undefined) ?? readMedium(spec, source, config, signal, options);
      const { data, metadata } = await output;
      await ctx.send(spec.dataPort, data);
      await ctx.send('metadata', metadata);
    },
  });
}
