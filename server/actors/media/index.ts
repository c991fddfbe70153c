import { type AnyActorDefinition } from '../../engine';
import { audioInputActor } from './audio-input-actor';
import { audioStreamDisplayActor } from './audio-stream-display-actor';
import { imageInputActor } from './image-input-actor';
import { imageStreamDisplayActor } from './image-stream-display-actor';
import { type MediaActorOptions } from './media-actor-options';
import { videoInputActor } from './video-input-actor';
import { createAudioInputActor } from './audio-input-actor';
import { createAudioStreamDisplayActor } from './audio-stream-display-actor';
import { createImageInputActor } from './image-input-actor';
import { createImageStreamDisplayActor } from './image-stream-display-actor';
import { createVideoInputActor } from './video-input-actor';

/** The media family of the catalogue: image, audio and video inputs, and the image and audio stream displays. */
export const mediaActors: readonly AnyActorDefinition[] = [imageInputActor, audioInputActor, videoInputActor, imageStreamDisplayActor, audioStreamDisplayActor];

/** The media family built with the server's egress policy, files directory and media cap. */
export function createMediaActors(options: MediaActorOptions): AnyActorDefinition[] {
  return [
    createImageInputActor(options),
    createAudioInputActor(options),
    createVideoInputActor(options),
    createImageStreamDisplayActor(options),
    createAudioStreamDisplayActor(options),
  ];
}

export { type MediaActorOptions } from './media-actor-options';
export { createImageInputActor, createAudioInputActor, createVideoInputActor, createImageStreamDisplayActor, createAudioStreamDisplayActor };
