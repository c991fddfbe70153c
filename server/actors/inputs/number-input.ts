import { z } from 'zod';
import { defineActor } from '../../engine';
import { choiceSetting, numberSetting } from '../shared';
import { minNotAboveMax, rangeProblem } from './range-check';

/** A source: emits its `defaultValue` on `output` when the run starts, after checking it against min and max. */
export const numberInput = defineActor({
  id: 'tpl_number_input',
  title: 'Number Input',
  description: 'Emits defaultValue on output when the run starts; it must lie within min/max.',
  inports: {},
  outports: { output: { type: 'number', description: 'The number.' } },
  config: z
    .object({
      /** The number the node emits. @default 0 */
      defaultValue: numberSetting('The number the node emits', z.number().default(0)),
      /** The smallest value allowed. */
      min: numberSetting('The smallest value allowed', z.number().optional()),
      /** The largest value allowed. */
      max: numberSetting('The largest value allowed', z.number().optional()),
      /** Shown by the IDE only. @default 1 */
      step: numberSetting("Step of the IDE's number field (display only)", z.number().default(1)),
      /** Shown by the IDE only. @default "decimal" */
      format: choiceSetting('How the IDE displays the number (display only)', ['decimal', 'integer', 'currency', 'percentage', 'scientific'], 'decimal'),
      /** Shown by the IDE only. @default 2 */
      decimals: numberSetting('Decimal places the IDE displays (display only)', z.number().int().min(0).default(2)),
    })
    .superRefine(minNotAboveMax),
  effects: 'none',
  fire: ({ config, send }) => {
    const problem = rangeProblem('Number input', config.defaultValue, config.min, config.max);
    if (problem !== undefined) throw new Error(problem);
    return send('output', config.defaultValue);
  },
});
