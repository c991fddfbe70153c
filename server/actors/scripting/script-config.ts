import { z } from 'zod';

/** A script's source: a required, non-blank string (the IDE initialises code editors to `""`). */
export function scriptSource(description: string) {
  return z
    .string({ invalid_type_error: 'must be a string of code' })
    .refine((source) => source.trim() !== '', 'must not be empty')
    .describe(description);
}

