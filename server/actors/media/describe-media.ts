import { type JsonObject } from '../../engine';
import { readImageInfo } from './image-info';
import { AUDIO_TYPES, type MediaContainer, VIDEO_TYPES, sniffContainer } from './sniff-container';
import { readWavInfo } from './wav-info';

/** The three families of media the nodes take. */
export type MediaKind = 'image' | 'audio' | 'video';

/** What the bytes of a medium tell: its content type and format, and the facts its format keeps in a header. */
export interface MediaFacts extends JsonObject {
  contentType: string;
  format: string;
}

const FAMILY_TYPES = { audio: AUDIO_TYPES, video: VIDEO_TYPES } as const;

const CONTAINER_NAMES: Readonly<Record<MediaContainer, string>> = {
  wav: 'WAV',
  mp3: 'MP3',
  aac: 'AAC',
  flac: 'FLAC',
  aiff: 'AIFF',
  midi: 'MIDI',
  ogg: 'Ogg',
  webm: 'WebM',
  matroska: 'Matroska',
  mp4: 'MP4',
  quicktime: 'QuickTime',
  '3gpp': '3GP',
  avi: 'AVI',
};

function timedMediaFacts(kind: 'audio' | 'video', bytes: Uint8Array): MediaFacts {
  const sniffed = sniffContainer(bytes);
  const types = FAMILY_TYPES[kind];
  if (sniffed === undefined) {
    const known = Object.keys(types).map((container) => CONTAINER_NAMES[container as MediaContainer]);
    throw new Error(`the content is not ${kind} of a known format (${known.join(', ')})`);
  }
  const contentType = types[sniffed.container];
  if (contentType === undefined) throw new Error(`the content is ${CONTAINER_NAMES[sniffed.container]} ${kind === 'audio' ? 'video' : 'audio'}, not ${kind}`);
  const facts: MediaFacts = { contentType, format: sniffed.container };
  if (sniffed.video !== undefined) facts.hasVideo = sniffed.video;
  if (sniffed.container === 'wav') Object.assign(facts, readWavInfo(bytes) ?? {});
  return facts;
}

/**
 * Reads what a medium of the given family is from its own bytes, never from what its sender declared: an
 * image's type and dimensions (image-size), an audio or video container from its magic bytes, and for WAV
 * the channels, sample rate, bits per sample and duration of its header.
 * @throws Error naming what the content is not
 */
export function describeMedia(kind: MediaKind, bytes: Uint8Array): MediaFacts {
  return kind === 'image' ? readImageInfo(bytes) : timedMediaFacts(kind, bytes);
}
