import { z } from 'zod';
import { type JsonObject } from '../../engine';
import { optionalText } from '../shared';

/** X's limits of a poll: two to four options of at most 25 characters. */
const POLL_OPTIONS = { min: 2, max: 4, chars: 25 } as const;

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The options of a poll, written one per line or as a JSON list of texts. */
export function pollOptionsOf(text: string): string[] {
  const parsed = text.trim().startsWith('[') ? readJson(text) : undefined;
  const items = Array.isArray(parsed) ? parsed.map((item) => String(item)) : text.split(/\r?\n/);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** The `pollOptions` textarea: options one per line or a JSON list, two to four of at most 25 characters, checked when the graph is validated. */
export function pollOptionsSetting() {
  return optionalText('The options of a poll, one per line (two to four, at most 25 characters each); unset posts no poll').superRefine((text, ctx) => {
    if (text === undefined) return;
    const options = pollOptionsOf(text);
    if (options.length < POLL_OPTIONS.min || options.length > POLL_OPTIONS.max) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `needs ${POLL_OPTIONS.min} to ${POLL_OPTIONS.max} options, one per line; it has ${options.length}`,
      });
    }
    const long = options.find((option) => option.length > POLL_OPTIONS.chars);
    if (long !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `option '${long}' is longer than ${POLL_OPTIONS.chars} characters` });
  });
}

/** The `geo` of a post from the textarea: a place id, or JSON such as `{"place_id": "5a110d312052166f"}`. */
export function geoOf(text: string): JsonObject | undefined {
  const written = text.trim();
  if (!written.startsWith('{')) return { place_id: written };
  const parsed = readJson(written);
  const placeId = typeof parsed === 'object' && parsed !== null ? (parsed as { place_id?: unknown }).place_id : undefined;
  return typeof placeId === 'string' && placeId.trim() !== '' ? { place_id: placeId } : undefined;
}

/** The `geo` textarea: a place id or `{"place_id": ...}`, checked when the graph is validated. */
export function geoSetting() {
  return optionalText('The place of the post: an X place id, or {"place_id": "..."}').superRefine((text, ctx) => {
    if (text !== undefined && geoOf(text) === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is neither a place id nor JSON {"place_id": "..."}' });
  });
}
