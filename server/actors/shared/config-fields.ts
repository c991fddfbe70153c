import { z } from 'zod';
import { parseNumeric } from './coerce-number';

function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A number setting that also accepts a numeric string (IDE text boxes); a blank string or null counts as unset.
 * @example precision: numberSetting(z.number().int().min(0).default(2))
 */
export function numberSetting<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? undefined : (parseNumeric(value) ?? value)), schema);
}

/** A text setting that also accepts a number or a boolean (taken as its text); null counts as unset. */
export function textSetting<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => {
    if (value === null) return undefined;
    return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }, schema);
}

/** An optional text setting: a blank string, null or a missing key are all `undefined`; numbers count as their text. */
export function optionalText() {
  return z.preprocess((value) => {
    if (isBlank(value)) return undefined;
    return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }, z.string().optional());
}

/**
 * A required text setting: a blank string counts as unset, so validation reports "config 'key' is required"
 * unless a default is given.
 * @example inputName: requiredText('input')
 */
export function requiredText(defaultValue?: string) {
  const text = z.string().min(1);
  return z.preprocess((value) => {
    if (isBlank(value)) return undefined;
    return typeof value === 'number' ? String(value) : value;
  }, defaultValue === undefined ? text : text.default(defaultValue));
}

/** A boolean setting that also accepts the strings `"true"` and `"false"`; null counts as unset. */
export function booleanSetting(defaultValue: boolean) {
  return z.preprocess((value) => {
    if (isBlank(value)) return undefined;
    if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
    return value;
  }, z.boolean().default(defaultValue));
}

/** A select setting: one of `options`, the default when unset (null or blank). */
export function choiceSetting<const T extends readonly [string, ...string[]]>(options: T, defaultValue: T[number]) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), z.enum(options).default(defaultValue));
}
