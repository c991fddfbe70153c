import { z } from 'zod';
import { type JsonValue } from '../../engine';
import { RegexFlagsSchema, regexProblem } from './regex-flags';

/** The return types of the regex matcher. */
export const RegexReturnTypeSchema = z.enum(['matches', 'groups', 'split', 'replace']);

/** What one regex run uses: the configuration, with a `pattern-in` packet's keys winning. */
export interface RegexSettings {
  pattern: string;
  flags: string;
  returnType: z.infer<typeof RegexReturnTypeSchema>;
  replacement: string;
}

const PatternPacketSchema = z.union([
  z.string().min(1).transform((pattern) => ({ pattern, flags: undefined, replacement: undefined })),
  z.object({ pattern: z.string().min(1).optional(), flags: RegexFlagsSchema.optional(), replacement: z.string().optional() }),
]);

/**
 * Merges a `pattern-in` packet (a pattern string, or `{pattern?, flags?, replacement?}`) over the configuration
 * and checks the resulting pattern.
 * @throws Error when the packet has another shape or the pattern does not compile.
 */
export function regexSettings(config: RegexSettings, packet: JsonValue | undefined): RegexSettings {
  let settings = config;
  if (packet !== undefined) {
    const parsed = PatternPacketSchema.safeParse(packet);
    if (!parsed.success) throw new Error('pattern-in must be a pattern string or an object {pattern?, flags?, replacement?}');
    const { pattern, flags, replacement } = parsed.data;
    settings = { ...config, pattern: pattern ?? config.pattern, flags: flags ?? config.flags, replacement: replacement ?? config.replacement };
  }
  const problem = regexProblem(settings.pattern, settings.flags);
  if (problem !== undefined) throw new Error(`Invalid pattern /${settings.pattern}/${settings.flags}: ${problem}`);
  return settings;
}
