import { z } from 'zod';
import { type IdeFacts } from '../../../engine';
import { IdePropertyTypeSchema } from './ide-template';

const names = z.array(z.string().min(1));

// The shape of IdeFacts, checked where a package hands them in; typed against the interface so the two agree.
const IdeFactsSchema: z.ZodType<IdeFacts> = z
  .object({
    type: z.string().min(1),
    requiredEnvVars: names.optional(),
    editors: z.record(IdePropertyTypeSchema).optional(),
    ownKeys: names.optional(),
    requiredKeys: names.optional(),
  })
  .strict();

/**
 * Why the IDE facts an actor definition carries cannot make its IDE template, or undefined when they can or it
 * carries none: checked when a package loads, so that a bad editor name stops the start instead of a conversion.
 */
export function ideFactsProblem(ide: unknown): string | undefined {
  if (ide === undefined) return undefined;
  const parsed = IdeFactsSchema.safeParse(ide);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return `${['ide', ...issue.path].join('.')}: ${issue.message}`;
}
