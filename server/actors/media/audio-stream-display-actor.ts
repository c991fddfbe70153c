import { z } from 'zod';
import { booleanSetting } from '../shared';
import { type MediaFacts, describeMedia } from './describe-media';
import { type MediaActorOptions } from './media-actor-options';
import { createStreamDisplayActor } from './stream-display-actor';

/** The `tpl_audio_stream_display` properties, with the template's defaults. */
const AudioStreamDisplayConfigSchema = z.object({
  autoplay: booleanSetting('Whether the IDE starts playing at once', false),
  loop: booleanSetting('Whether the IDE plays in a loop', false),
  showWaveform: booleanSetting('Whether the IDE draws the waveform', true),
});

/**
 * What an audio frame is: its container from the magic bytes (WAV with its header facts); a chunk with no
 * container (raw PCM from a microphone) is taken as the `audio/...` type its sender declared.
 */
function describeAudioFrame(bytes: Uint8Array, declaredType: string | undefined): MediaFacts {
  try {
    return describeMedia('audio', bytes);
  } catch (error) {
    if (declaredType?.startsWith('audio/')) return { contentType: declaredType, format: 'declared' };
    throw new Error(`${(error as Error).message}; send raw audio as {base64, contentType: 'audio/...'}`);
  }
}

/** Builds `tpl_audio_stream_display`: each frame's type and size (WAV: channels, sample rate, duration) on `metadata`. */
export function createAudioStreamDisplayActor(options: MediaActorOptions = {}) {
  return createStreamDisplayActor(
    { id: 'tpl_audio_stream_display', title: 'Audio Stream', kind: 'audio', config: AudioStreamDisplayConfigSchema, describe: describeAudioFrame },
    options,
  );
}

/** The audio stream display with the server's default frame cap. */
export const audioStreamDisplayActor = createAudioStreamDisplayActor();
