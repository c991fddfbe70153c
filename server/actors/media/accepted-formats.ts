/** A media type as `acceptedFormats` lists them: `type/subtype` or `type/*`. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9.+-]*\/(\*|[a-z0-9][a-z0-9.+-]*)$/;

// Other names browsers and servers give the same formats; a list naming one accepts the content under the other.
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/x-ms-bmp': 'image/bmp',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-flac': 'audio/flac',
  'audio/x-aiff': 'audio/aiff',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'video/avi': 'video/x-msvideo',
};

function canonical(type: string): string {
  return ALIASES[type] ?? type;
}

/** The items of an `acceptedFormats` text, lower-cased and trimmed; blank items are dropped. */
export function acceptedFormatList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

/** The items of an `acceptedFormats` text that are no media type, for a validation message. */
export function badAcceptedFormats(text: string): string[] {
  return acceptedFormatList(text).filter((item) => !MEDIA_TYPE.test(item));
}

/** Whether a content type is among the accepted formats; an empty list accepts every type. */
export function isAcceptedFormat(contentType: string, accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  const type = canonical(contentType.toLowerCase());
  return accepted.some((item) => (item.endsWith('/*') ? type.startsWith(item.slice(0, -1)) : canonical(item) === type));
}
