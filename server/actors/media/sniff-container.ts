/** The audio and video containers told from their first bytes. */
export type MediaContainer = 'wav' | 'mp3' | 'aac' | 'flac' | 'aiff' | 'midi' | 'ogg' | 'webm' | 'matroska' | 'mp4' | 'quicktime' | '3gpp' | 'avi';

/** A container and whether its first bytes show a video track (known for Ogg only; `undefined` elsewhere). */
export interface SniffedContainer {
  readonly container: MediaContainer;
  readonly video?: boolean;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, Math.min(end, bytes.length) - start)).toString('latin1');
}

function includesText(bytes: Uint8Array, text: string, within: number): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(within, bytes.length)).includes(text, 0, 'latin1');
}

// An MPEG audio frame header: eleven sync bits, then the version and layer; layer 0 with version 4 or 2 is AAC in ADTS.
function mpegAudio(bytes: Uint8Array): MediaContainer | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1] & 0xe0) !== 0xe0) return undefined;
  const layer = (bytes[1] >> 1) & 3;
  if (layer === 0) return (bytes[1] & 0xf6) === 0xf0 ? 'aac' : undefined;
  return ((bytes[1] >> 3) & 3) === 1 ? undefined : 'mp3';
}

// ISO base media (MP4, QuickTime, 3GP): an `ftyp` box first, whose major brand names the family; image brands (HEIF, AVIF) are not media.
function isoBaseMedia(bytes: Uint8Array): MediaContainer | undefined {
  if (ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const brand = ascii(bytes, 8, 12);
  if (/^(heic|heix|hevc|hevx|mif1|msf1|avif|avis)$/.test(brand)) return undefined;
  if (brand === 'qt  ') return 'quicktime';
  return brand.startsWith('3g') ? '3gpp' : 'mp4';
}

/**
 * The container of audio or video bytes, told from their magic bytes, or undefined when they are none of
 * {@link MediaContainer}. Only the first bytes are read, so any length is cheap.
 */
export function sniffContainer(bytes: Uint8Array): SniffedContainer | undefined {
  const head = ascii(bytes, 0, 4);
  if (head === 'RIFF') {
    const form = ascii(bytes, 8, 12);
    if (form === 'WAVE') return { container: 'wav' };
    return form === 'AVI ' ? { container: 'avi' } : undefined;
  }
  if (head === 'FORM' && /^AIF[FC]$/.test(ascii(bytes, 8, 12))) return { container: 'aiff' };
  if (head === 'fLaC') return { container: 'flac' };
  if (head === 'MThd') return { container: 'midi' };
  if (head === 'OggS') return { container: 'ogg', video: includesText(bytes, 'theora', 64) };
  if (head === '\x1aE\xdf\xa3') return { container: includesText(bytes, 'webm', 64) ? 'webm' : 'matroska' };
  if (ascii(bytes, 0, 3) === 'ID3') return { container: 'mp3' };
  const container = isoBaseMedia(bytes) ?? mpegAudio(bytes);
  return container === undefined ? undefined : { container };
}

/** The content type of each container read as audio. */
export const AUDIO_TYPES: Readonly<Partial<Record<MediaContainer, string>>> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  aiff: 'audio/aiff',
  midi: 'audio/midi',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  matroska: 'audio/x-matroska',
  mp4: 'audio/mp4',
  '3gpp': 'audio/3gpp',
};

/** The content type of each container read as video. */
export const VIDEO_TYPES: Readonly<Partial<Record<MediaContainer, string>>> = {
  ogg: 'video/ogg',
  webm: 'video/webm',
  matroska: 'video/x-matroska',
  mp4: 'video/mp4',
  quicktime: 'video/quicktime',
  '3gpp': 'video/3gpp',
  avi: 'video/x-msvideo',
};
