import { imageSize } from 'image-size';
import { type JsonObject } from '../../engine';

/** What is read from an image's bytes: its content type, format name and pixel size. */
export interface ImageInfo extends JsonObject {
  contentType: string;
  format: string;
  width: number;
  height: number;
}

// image-size's format names (HEIF ones are the file's brand) and their content types.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  cur: 'image/x-icon',
  icns: 'image/icns',
  avif: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  heif: 'image/heif',
  mif1: 'image/heif',
  msf1: 'image/heif',
  jp2: 'image/jp2',
  j2c: 'image/jp2',
  jxl: 'image/jxl',
  'jxl-stream': 'image/jxl',
  psd: 'image/vnd.adobe.photoshop',
  tga: 'image/x-tga',
  dds: 'image/vnd.ms-dds',
  ktx: 'image/ktx',
  pnm: 'image/x-portable-anymap',
};

/**
 * Reads an image's format and dimensions with image-size, which knows the format from the magic bytes; an
 * EXIF orientation that turns the picture a quarter (5 to 8) is reported, the stored width and height kept.
 * @throws Error when the bytes are no image image-size can read
 */
export function readImageInfo(bytes: Uint8Array): ImageInfo {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch (error) {
    throw new Error(`the content is not an image of a known format (${(error as Error).message})`);
  }
  const format = size.type ?? 'unknown';
  const info: ImageInfo = { contentType: CONTENT_TYPES[format] ?? `image/${format}`, format, width: size.width, height: size.height };
  if (size.orientation !== undefined) info.orientation = size.orientation;
  return info;
}
