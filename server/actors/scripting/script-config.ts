import { z } from 'zod';

export { DEFAULT_MAX_SCRIPT_MEMORY_MB } from '../../../model';

/** What the server caps in the script actors. */
export interface ScriptActorLimits {
  /** The most memory a node's `memoryLimit` can give a script, in MB. @default DEFAULT_MAX_SCRIPT_MEMORY_MB */
  maxMemoryMb?: number;
}

/** A script's source: a required, non-blank string (the IDE initialises code editors to `""`). */
export function scriptSource(description: string) {
  return z
    .string({ invalid_type_error: 'must be a string of code' })
    .refine((source) => source.trim() !== '', 'must not be empty')
    .describe(description);
}
