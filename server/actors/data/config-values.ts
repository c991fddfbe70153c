import { z } from 'zod';

/** A number that may arrive as numeric text (`"1000"`), as the IDE's text fields send it. */
export function numberLike<T extends z.ZodTypeAny>(inner: T): z.ZodEffects<T, z.output<T>, unknown> {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value), inner);
}

/** A boolean that may arrive as the text `"true"` or `"false"`. */
export const booleanLike = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** Text for an optional setting: an empty or blank string counts as unset. */
export const optionalText = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().optional());

/** Text that must be given: an empty string counts as missing, so the error reads "config 'key' is required". */
export const requiredText = z.preprocess((value) => (value === '' ? undefined : value), z.string());
