import { z } from 'zod';
import { booleanSetting, choiceSetting } from '../shared';
import { type MediaActorOptions } from './media-actor-options';
import { createMediaInputActor } from './media-input-actor';
import { acceptedFormatsSetting, base64FileRule, maxFileSizeSetting, mediaFileSetting, mediaUrlSetting } from './media-settings';

/** The `tpl_audio_input` properties, with the template's defaults. */
const AudioInputConfigSchema = z
  .object({
    source: choiceSetting(
      'Where the audio comes from when no packet arrives on source: audioFile (upload, or a recording the IDE stored there), or the url',
      ['upload', 'url', 'record'],
      'upload',
    ),
    audioFile: mediaFileSetting('audio'),
    url: mediaUrlSetting('The http(s) address of the audio (source url), fetched through the server egress policy'),
    acceptedFormats: acceptedFormatsSetting('audio/mpeg,audio/wav,audio/ogg,audio/webm'),
    maxFileSize: maxFileSizeSetting(50),
    showWaveform: booleanSetting('Whether the IDE draws the waveform', true),
    autoplay: booleanSetting('Whether the IDE starts playing at once', false),
    loop: booleanSetting('Whether the IDE plays in a loop', false),
  })
  .superRefine(base64FileRule('audioFile'));

/** Builds `tpl_audio_input`: the audio and `{source, contentType, format, size}` (WAV: channels, sample rate, duration) from a URL, base64 or a file under `files_dir`. */
export function createAudioInputActor(options: MediaActorOptions = {}) {
  return createMediaInputActor(
    { id: 'tpl_audio_input', title: 'Audio', kind: 'audio', what: 'Audio', fileKey: 'audioFile', dataPort: 'audioData', config: AudioInputConfigSchema },
    options,
  );
}

/** The audio input node with no file reading and the built-in egress denials only. */
export const audioInputActor = createAudioInputActor();
