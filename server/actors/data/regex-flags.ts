import { z } from 'zod';

/** The regular expression flags the IDE offers. */
const RegexFlagSchema = z.enum(['i', 'g', 'm', 's']);

/** Flags as the IDE stores them (an array of letters) or as text (`"gi"`); parsed into a flag string. */
export const RegexFlagsSchema = z
  .union([z.array(RegexFlagSchema), z.string().regex(/^[igms]*$/, 'flags may only hold i, g, m and s')])
  .transform((flags) => [...new Set(typeof flags === 'string' ? flags.split('') : flags)].join(''));

/** Compiles a pattern to check it; returns the reason it is invalid, or undefined. */
export function regexProblem(pattern: string, flags: string): string | undefined {
  try {
    new RegExp(pattern, flags);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
