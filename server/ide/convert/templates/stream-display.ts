import { type IdeTemplate } from './ide-template';
import { optional } from './template-property';

/** The IDE's stream display templates (`streamDisplay.ts`): sinks the IDE renders, image and audio. */
export const streamDisplayTemplates: readonly IdeTemplate[] = [
  {
    id: 'tpl_image_stream_display',
    type: 'tpl_image_stream_display',
    title: 'Image Stream',
    inputs: ['stream'],
    outputs: ['metadata'],
    properties: {
      displayMode: optional('select', 'contain'),
      previewHeight: optional('number', 300),
    },
    requiredEnvVars: [],
  },
  {
    id: 'tpl_audio_stream_display',
    type: 'tpl_audio_stream_display',
    title: 'Audio Stream',
    inputs: ['stream'],
    outputs: ['metadata'],
    properties: {
      autoplay: optional('boolean', false),
      loop: optional('boolean', false),
      showWaveform: optional('boolean', true),
    },
    requiredEnvVars: [],
  },
];
