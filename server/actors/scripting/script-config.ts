import { z } from 'zod';

/** A script's source: a required, non-blank string (the IDE initialises code editors to `""`). */
export const ScriptSourceSchema = z
  .string({ invalid_type_error: 'must be a string of code' })
  .refine((source) => source.trim() !== '', 'must not be empty');

/** Reads a numeric field the IDE may hand over as a number, a numeric string, `""` or `null` (both meaning unset). */
function readNumber(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** A numeric limit (milliseconds or MB) with a default and bounds; a numeric string is accepted. */
export function limitSchema(defaultValue: number, min: number, max: number) {
  return z.preprocess(readNumber, z.number().min(min).max(max).default(defaultValue));
}
