import { z } from 'zod';
import { readImageInfo } from './image-info';
import { type MediaActorOptions } from './media-actor-options';
import { displayModeSetting, previewHeightSetting } from './media-settings';
import { createStreamDisplayActor } from './stream-display-actor';

/** The `tpl_image_stream_display` properties, with the template's defaults. */
const ImageStreamDisplayConfigSchema = z.object({
  displayMode: displayModeSetting(['contain', 'cover', 'fill']),
  previewHeight: previewHeightSetting(300),
});

/** Builds `tpl_image_stream_display`: each frame's type and dimensions (image-size) on `metadata`. */
export function createImageStreamDisplayActor(options: MediaActorOptions = {}) {
  return createStreamDisplayActor(
    { id: 'tpl_image_stream_display', title: 'Image Stream', kind: 'image', config: ImageStreamDisplayConfigSchema, describe: (bytes) => readImageInfo(bytes) },
    options,
  );
}

/** The image stream display with the server's default frame cap. */
export const imageStreamDisplayActor = createImageStreamDisplayActor();
