import { z } from 'zod';
import { booleanSetting, choiceSetting } from '../shared';
import { hostedVideo, hostedVideoProblem } from './hosted-video';
import { type MediaActorOptions, mediaByteLimit } from './media-actor-options';
import { type MediaOutput, type UrlSource, createMediaInputActor } from './media-input-actor';
import { acceptedFormatsSetting, base64FileRule, maxFileSizeSetting, mediaFileSetting, mediaUrlSetting, previewHeightSetting } from './media-settings';
import { streamReference } from './stream-manifest';

/** The `tpl_video_input` properties, with the template's defaults. */
const VideoInputConfigSchema = z
  .object({
    source: choiceSetting(
      'Where the video comes from when no packet arrives on source: videoFile (upload), the url (a file, an HLS or DASH stream, a YouTube or Vimeo page)',
      ['upload', 'url', 'stream', 'youtube', 'vimeo'],
      'upload',
    ),
    videoFile: mediaFileSetting('video'),
    url: mediaUrlSetting(
      'The http(s) address of the video, stream manifest or YouTube/Vimeo page, fetched (files and manifests) through the server egress policy',
    ),
    acceptedFormats: acceptedFormatsSetting('video/mp4,video/webm,video/ogg'),
    maxFileSize: maxFileSizeSetting(100),
    previewHeight: previewHeightSetting(300),
    showControls: booleanSetting('Whether the IDE shows the player controls', true),
    autoplay: booleanSetting('Whether the IDE starts playing at once', false),
    loop: booleanSetting('Whether the IDE plays in a loop', false),
    muted: booleanSetting('Whether the IDE starts muted', false),
    streamType: choiceSetting('The stream format (source stream): auto reads it from the manifest', ['auto', 'hls', 'dash'], 'auto'),
    buffering: booleanSetting('Whether the IDE player buffers ahead', true),
  })
  .superRefine(base64FileRule('videoFile'))
  .superRefine((config, ctx) => {
    if ((config.source !== 'youtube' && config.source !== 'vimeo') || config.url === undefined || config.url.includes('${')) return;
    const problem = hostedVideoProblem(config.source, config.url);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['url'], message: problem });
  });

type VideoInputConfig = z.infer<typeof VideoInputConfigSchema>;

// Streams and video-site pages are sent as references: the one who shows them plays them.
function videoReference(options: MediaActorOptions) {
  return (config: VideoInputConfig, source: UrlSource, signal: AbortSignal): Promise<MediaOutput> | undefined => {
    if (config.source === 'stream') return streamReference(source, config.streamType, mediaByteLimit(config.maxFileSize, options), signal, options);
    if (config.source !== 'youtube' && config.source !== 'vimeo') return undefined;
    const video = hostedVideo(config.source, source.url);
    return Promise.resolve({ data: { ...video }, metadata: { source: video.provider, ...video } });
  };
}

/**
 * Builds `tpl_video_input`: a video file (URL, base64 or a file under `files_dir`) with its container type
 * and size; an HLS or DASH stream (source stream) as `{url, streamType, contentType, manifest}`; a YouTube or
 * Vimeo page as `{provider, videoId, url, embedUrl}`, not downloaded.
 */
export function createVideoInputActor(options: MediaActorOptions = {}) {
  return createMediaInputActor(
    {
      id: 'tpl_video_input',
      title: 'Video',
      kind: 'video',
      what: 'Video',
      fileKey: 'videoFile',
      dataPort: 'videoData',
      config: VideoInputConfigSchema,
      reference: videoReference(options),
    },
    options,
  );
}

/** The video input node with no file reading and the built-in egress denials only. */
export const videoInputActor = createVideoInputActor();
