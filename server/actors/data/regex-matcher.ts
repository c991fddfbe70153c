import { z } from 'zod';
import { type JsonValue, defineActor } from '../../engine';
import { choiceSetting, requiredText, textSetting } from '../shared';
import { RegexFlagsSchema, regexProblem } from './regex-flags';
import { runRegex } from './regex-in-sandbox';
import { type RegexSettings, RegexReturnTypeSchema, regexSettings } from './regex-settings';

/** Configuration of `tpl_regex_matcher`; `replacement` (the text for returnType `replace`, `$1` etc. allowed) is our addition. */
export const RegexMatcherConfigSchema = z
  .object({
    pattern: requiredText('The regular expression (JavaScript syntax, without slashes); pattern-in may override it'),
    flags: RegexFlagsSchema.default(['g']).describe('Flags among i (ignore case), g (every match), m (multi-line) and s (dot matches newlines)'),
    returnType: choiceSetting('What goes to matches-out: the matches, their capture groups, the pieces of a split, or the replaced text', RegexReturnTypeSchema.options, 'matches'),
    replacement: textSetting('The replacement of returnType replace ($1, $<name> allowed)', z.string().default('')),
  })
  .superRefine((config, ctx) => {
    const problem = regexProblem(config.pattern, config.flags);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['pattern'], message: problem });
  });

/** Applies a regular expression to `text-in`: matches, capture groups, split pieces or replaced text on matches-out. */
export const regexMatcher = defineActor({
  id: 'tpl_regex_matcher',
  title: 'Regex Matcher',
  description: 'Matches pattern (or pattern-in) against text-in; runs with a time limit so catastrophic backtracking cannot block.',
  inports: {
    'text-in': { type: 'string', required: true, description: 'The text' },
    'pattern-in': { type: 'all', sticky: true, description: 'A pattern string or {pattern?, flags?, replacement?} overriding the configuration (kept)' },
  },
  outports: { 'matches-out': { type: 'all', description: 'Per returnType: matches, groups, split pieces or replaced text' }, 'groups-out': { type: 'array', description: '[{match, index, captures, groups}]' } },
  config: RegexMatcherConfigSchema,
  effects: 'none',
  async fire({ config, inputs, send, signal }) {
    const settings = regexSettings(config, inputs['pattern-in']);
    const text = inputs['text-in'];
    if (typeof text !== 'string' && typeof text !== 'number' && typeof text !== 'boolean') throw new Error('text-in must be text');
    const mode = settings.returnType === 'split' || settings.returnType === 'replace' ? settings.returnType : 'matches';
    const run = await runRegex({ ...settings, text: String(text), mode, signal });
    const result: Record<RegexSettings['returnType'], JsonValue | undefined> = {
      matches: run.matches.map((match) => match.match),
      groups: run.matches.map((match) => match.groups ?? match.captures),
      split: run.pieces,
      replace: run.replaced,
    };
    await send('matches-out', result[settings.returnType] ?? null);
    await send('groups-out', run.matches as unknown as JsonValue);
  },
});
