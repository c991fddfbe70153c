import { type IdeTemplate } from './ide-template';
import { optional } from './template-property';

/** The IDE's user input templates (`userInputs.ts`): text, number and range values, image, audio and video. */
export const userInputTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_image_input',
    type: 'image-input',
    title: 'Image',
    inputs: ['source'],
    outputs: ['imageData', 'metadata'],
    properties: {
      source: optional('select', 'url'),
      imageFile: optional('file'),
      url: optional('text', 'https://placehold.co/400x300'),
      acceptedFormats: optional('text', 'image/jpeg,image/png,image/gif,image/webp'),
      maxFileSize: optional('number', 10),
      displayMode: optional('select', 'contain'),
      previewHeight: optional('number', 200),
      pauseGifOnHover: optional('boolean', false),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_audio_input',
    type: 'audio-input',
    title: 'Audio',
    inputs: ['source'],
    outputs: ['audioData', 'metadata'],
    properties: {
      source: optional('select', 'upload'),
      audioFile: optional('file'),
      url: optional('text'),
      acceptedFormats: optional('text', 'audio/mpeg,audio/wav,audio/ogg,audio/webm'),
      maxFileSize: optional('number', 50),
      showWaveform: optional('boolean', true),
      autoplay: optional('boolean', false),
      loop: optional('boolean', false),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_video_input',
    type: 'video-input',
    title: 'Video',
    inputs: ['source'],
    outputs: ['videoData', 'metadata'],
    properties: {
      source: optional('select', 'upload'),
      videoFile: optional('file'),
      url: optional('text'),
      acceptedFormats: optional('text', 'video/mp4,video/webm,video/ogg'),
      maxFileSize: optional('number', 100),
      previewHeight: optional('number', 300),
      showControls: optional('boolean', true),
      autoplay: optional('boolean', false),
      loop: optional('boolean', false),
      muted: optional('boolean', false),
      streamType: optional('select', 'auto'),
      buffering: optional('boolean', true),
    },
    requiredEnvVars: [],
  },
];
