import { z } from 'zod';
import { parseNumeric } from './parse-numeric';

/*
 * The one builder of actor configuration fields. Values come from IDE forms and hand-written graphs, so every
 * field is lenient in the same way:
 * - null, a missing key and a blank string ("" or spaces) all mean unset (the default, or "is required");
 * - numbers and booleans also come as their text ("3", " 1.5 ", "False"), read trimmed and ignoring case;
 * - a choice matches its options ignoring case and surrounding spaces;
 * - text is kept as written (code and templates keep their spaces); a number or boolean given for a text
 *   field counts as its text.
 * Every field takes its description first, so that `GET /actors` can explain each one.
 */

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function unsetIfBlank(value: unknown): unknown {
  return isBlank(value) ? undefined : value;
}

function asText(value: unknown): unknown {
  if (isBlank(value)) return undefined;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/**
 * A number field that also accepts numeric text.
 * @example precision: numberSetting('Decimal places of the result', z.number().int().min(0).default(2))
 */
export function numberSetting<T extends z.ZodTypeAny>(description: string, schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : (parseNumeric(value) ?? value)), schema).describe(description);
}

/** A text field checked by `schema` (a default, a length, a pattern); a number or boolean counts as its text. */
export function textSetting<T extends z.ZodTypeAny>(description: string, schema: T) {
  return z.preprocess(asText, schema).describe(description);
}

/** An optional text field: unset is `undefined`. */
export function optionalText(description: string) {
  return textSetting(description, z.string().optional());
}

/**
 * A required text field: unset is reported as "config 'key' is required", unless a default is given.
 * @example inputName: requiredText('The input key the node reads', 'input')
 */
export function requiredText(description: string, defaultValue?: string) {
  const text = z.string().min(1);
  return textSetting(description, defaultValue === undefined ? text : text.default(defaultValue));
}

/** A boolean field that also accepts the text `true` or `false`. */
export function booleanSetting(description: string, defaultValue: boolean) {
  return z
    .preprocess((value) => {
      if (isBlank(value)) return undefined;
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
      return value;
    }, z.boolean().default(defaultValue))
    .describe(description);
}

/** A select field: one of `options`, matched ignoring case and surrounding spaces; unset takes the default. */
export function choiceSetting<const T extends readonly [string, ...string[]]>(description: string, options: T, defaultValue: T[number]) {
  const canonical = (value: unknown): unknown => {
    const set = unsetIfBlank(value);
    if (typeof set !== 'string') return set;
    return options.find((option) => option.toLowerCase() === set.trim().toLowerCase()) ?? set;
  };
  return z.preprocess(canonical, z.enum(options).default(defaultValue)).describe(description);
}

/** A list of texts, given as an array or as comma-separated text; items are trimmed and blank ones dropped. */
export function listSetting(description: string, defaultValue: readonly string[] = []) {
  const items = (value: unknown): unknown => {
    const set = unsetIfBlank(value);
    const list = typeof set === 'string' ? set.split(',') : set;
    if (!Array.isArray(list)) return list;
    return list.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  };
  return z.preprocess(items, z.array(z.string()).default([...defaultValue])).describe(description);
}

/**
 * A JSON object field, written as JSON text in the IDE (a textarea) or given as an object; unset is `undefined`.
 * Text that is no JSON object is reported with the parser's reason.
 * @example sort: jsonObjectSetting('The sort order, such as {"createdAt": -1}')
 */
export function jsonObjectSetting(description: string) {
  const read = (value: unknown, ctx: z.RefinementCtx): unknown => {
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch (error) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `is not JSON: ${(error as Error).message}` });
      return z.NEVER;
    }
  };
  return z.preprocess(read, z.record(z.string(), z.unknown()).optional()).describe(description);
}
