import { DEFAULT_MAX_MEDIA_BYTES } from '../../../model';
import { type EgressPolicy, type RetryPolicy } from '../../outbound-http';

export { DEFAULT_MAX_MEDIA_BYTES };

/** What the media actor factories take from the server. */
export interface MediaActorOptions {
  /** What URL sources may reach. @default the built-in denials only */
  egress?: EgressPolicy;
  /** The one directory file sources may be read from; unset turns reading files by path off. */
  filesDir?: string;
  /** The largest medium any node reads, whatever its `maxFileSize` asks, in bytes. @default DEFAULT_MAX_MEDIA_BYTES */
  maxMediaBytes?: number;
  /** Fields of the retry policy of URL sources to change. @default DEFAULT_RETRY_POLICY */
  policy?: Partial<RetryPolicy>;
}

/** Limit of one attempt of fetching a URL source, body included; the media templates have no timeout property. */
export const MEDIA_FETCH_TIMEOUT_MS = 60_000;

/** Bytes in the megabyte of the templates' `maxFileSize`. */
const BYTES_PER_MB = 1024 * 1024;

/** The byte limit of one node: its `maxFileSize` in MiB, never above the server's cap. */
export function mediaByteLimit(maxFileSizeMb: number, options: MediaActorOptions): number {
  return Math.min(Math.floor(maxFileSizeMb * BYTES_PER_MB), options.maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES);
}
