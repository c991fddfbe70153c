import { z } from 'zod';
import { defineActor } from '../../engine';
import { booleanSetting, choiceSetting, numberSetting, optionalText, textSetting } from '../shared';
import { runHeavy } from '../heavy-work';
import { TextValidationSchema, patternToRegExp } from './text-validation';

const TextInputConfigSchema = z
  .object({
    /** The text the node emits. @default "" */
    defaultValue: textSetting('The text the node emits', z.string().default('')),
    /** Shown by the IDE only. @default "Enter text..." */
    placeholder: textSetting("Placeholder of the IDE's text field (display only)", z.string().default('Enter text...')),
    /** Shown by the IDE only. @default false */
    multiline: booleanSetting('Whether the IDE shows a multi-line field (display only)', false),
    /** The longest text allowed, in characters. */
    maxLength: numberSetting('The longest text allowed, in characters', z.number().int().min(0).optional()),
    /** The format the text must have (an empty text is not checked). @default "none" */
    validation: choiceSetting('The format the text must have (an empty text is not checked)', TextValidationSchema.options, 'none'),
    /** The regular expression of `regex` validation, plain or as `/pattern/flags`. */
    validationPattern: optionalText('The regular expression of `regex` validation, plain or as `/pattern/flags`'),
  })
  .superRefine((config, ctx) => {
    if (config.validation !== 'regex') return;
    if (config.validationPattern === undefined) {
      ctx.addIssue({ code: 'custom', path: ['validationPattern'], message: 'is required when validation is regex' });
      return;
    }
    try {
      patternToRegExp(config.validationPattern);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['validationPattern'], message: `is not a valid regular expression (${(error as Error).message})` });
    }
  });

/** A source: emits its `defaultValue` on `output` when the run starts, after checking maxLength and the validation rule. */
export const textInput = defineActor({
  id: 'tpl_text_input',
  title: 'Text Input',
  description: 'Emits defaultValue on output when the run starts, checked against maxLength and validation.',
  inports: {},
  outports: { output: { type: 'string', description: 'The text.' } },
  config: TextInputConfigSchema,
  effects: 'none',
  fire: async ({ config, send, signal }) => {
    const text = config.defaultValue;
    if (config.maxLength !== undefined && text.length > config.maxLength) {
      throw new Error(`Text input breaks maxLength: ${text.length} characters, at most ${config.maxLength} allowed`);
    }
    const task = { text, validation: config.validation, pattern: config.validationPattern };
    const problem = text === '' ? null : await runHeavy('textRule', task, { signal });
    if (problem !== null) throw new Error(`Text input breaks validation '${config.validation}': ${JSON.stringify(text)} ${problem}`);
    return send('output', text);
  },
});
