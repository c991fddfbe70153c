import { z } from 'zod';
import { choiceSetting, numberSetting, textSetting } from '../shared';
import { httpUrlProblem } from '../network/http-url';
import { badAcceptedFormats } from './accepted-formats';
import { base64Problem, readDataUrl } from './media-bytes';

/** The largest `maxFileSize` a node may ask for, in MB; the server's `max_media_bytes` caps what it gets. */
const MAX_FILE_SIZE_MB = 1024 * 1024;

/** `maxFileSize`: the largest medium the node reads, in MB (MiB). */
export function maxFileSizeSetting(defaultMb: number) {
  return numberSetting(
    "The largest medium the node reads, in MB (MiB); the server's max_media_bytes caps it",
    z.number().gt(0, 'must be greater than 0').max(MAX_FILE_SIZE_MB).default(defaultMb),
  );
}

/** `acceptedFormats`: the comma-separated media types the node takes, `type/*` accepting a whole family. */
export function acceptedFormatsSetting(defaultList: string) {
  return textSetting(
    'The media types the node takes, comma-separated (type/* takes a whole family); the type is read from the content',
    z.string().default(defaultList),
  ).superRefine((text, ctx) => {
    const bad = badAcceptedFormats(text);
    if (bad.length > 0)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${bad.map((item) => `'${item}'`).join(', ')} is not a media type (type/subtype or type/*)` });
  });
}

/**
 * `url`: the http(s) address of the medium, trimmed. A static value is checked when the graph is validated;
 * one holding a `${...}` reference is checked when the node fires.
 */
export function mediaUrlSetting(description: string, defaultUrl?: string) {
  const text = defaultUrl === undefined ? z.string().optional() : z.string().default(defaultUrl);
  return textSetting(description, text)
    .transform((value) => value?.trim())
    .superRefine((value, ctx) => {
      if (value === undefined || value.includes('${')) return;
      const problem = httpUrlProblem(value);
      if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/** The file setting (`imageFile`, `audioFile`, `videoFile`): a path under the server's `files_dir`, a base64 `data:` URL, or base64 text. */
export function mediaFileSetting(what: string) {
  return textSetting(
    `The ${what} to read when no packet arrives on source: a path under the server's files_dir, a base64 data: URL (an upload), or base64 text (source base64)`,
    z.string().optional(),
  ).superRefine((value, ctx) => {
    if (value === undefined) return;
    try {
      readDataUrl(value.trim());
    } catch (error) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: (error as Error).message });
    }
  });
}

/** `displayMode` of an image: how the IDE fits it in its preview. */
export function displayModeSetting(options: readonly [string, ...string[]]) {
  return choiceSetting('How the IDE fits the image in its preview; the server does not change the image', options, 'contain');
}

/** `previewHeight`: the height of the IDE's preview, in pixels. */
export function previewHeightSetting(defaultPixels: number) {
  return numberSetting("The height of the IDE's preview in pixels", z.number().int().min(0).max(10_000).default(defaultPixels));
}

/**
 * A rule of a media input's settings: with `source: base64`, the file setting holds base64 text or a
 * base64 `data:` URL, checked before the run.
 */
export function base64FileRule(fileKey: string) {
  return (config: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const value = config[fileKey];
    if (config.source !== 'base64' || typeof value !== 'string' || /^\s*data:/i.test(value) || value.includes('${')) return;
    const problem = base64Problem(value);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [fileKey], message: `${problem} (source is base64)` });
  };
}
