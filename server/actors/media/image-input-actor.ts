import { z } from 'zod';
import { booleanSetting, choiceSetting } from '../shared';
import { type MediaActorOptions } from './media-actor-options';
import { createMediaInputActor } from './media-input-actor';
import {
  acceptedFormatsSetting,
  base64FileRule,
  displayModeSetting,
  maxFileSizeSetting,
  mediaFileSetting,
  mediaUrlSetting,
  previewHeightSetting,
} from './media-settings';

/** The `tpl_image_input` properties, with the template's defaults. */
const ImageInputConfigSchema = z
  .object({
    source: choiceSetting(
      'Where the image comes from when no packet arrives on source: a file (upload), the url, or base64 in imageFile',
      ['upload', 'url', 'base64'],
      'url',
    ),
    imageFile: mediaFileSetting('image'),
    url: mediaUrlSetting('The http(s) address of the image (source url), fetched through the server egress policy', 'https://placehold.co/400x300'),
    acceptedFormats: acceptedFormatsSetting('image/jpeg,image/png,image/gif,image/webp'),
    maxFileSize: maxFileSizeSetting(10),
    displayMode: displayModeSetting(['contain', 'cover', 'fill', 'none']),
    previewHeight: previewHeightSetting(200),
    pauseGifOnHover: booleanSetting('Whether the IDE pauses an animated GIF under the pointer', false),
  })
  .superRefine(base64FileRule('imageFile'));

/** Builds `tpl_image_input`: the image and `{source, contentType, format, width, height, size}` from a URL, base64 or a file under `files_dir`. */
export function createImageInputActor(options: MediaActorOptions = {}) {
  return createMediaInputActor(
    { id: 'tpl_image_input', title: 'Image', kind: 'image', what: 'Image', fileKey: 'imageFile', dataPort: 'imageData', config: ImageInputConfigSchema },
    options,
  );
}

/** The image input node with no file reading and the built-in egress denials only. */
export const imageInputActor = createImageInputActor();
