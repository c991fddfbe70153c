import { z } from 'zod';
import { defineActor } from '../../engine';
import { booleanSetting, numberSetting, textSetting } from '../shared';
import { minNotAboveMax, rangeProblem } from './range-check';

/** A source: emits its `defaultValue` on `output` when the run starts, after checking it lies in min..max. */
export const rangeInput = defineActor({
  id: 'tpl_range_input',
  title: 'Range Input',
  description: 'Emits defaultValue on output when the run starts; it must lie within min..max.',
  inports: {},
  outports: { output: { type: 'number', description: 'The number.' } },
  config: z
    .object({
      /** The number the node emits. @default 50 */
      defaultValue: numberSetting('The number the node emits', z.number().default(50)),
      /** The lower end of the range. @default 0 */
      min: numberSetting('The lower end of the range', z.number().default(0)),
      /** The upper end of the range. @default 100 */
      max: numberSetting('The upper end of the range', z.number().default(100)),
      /** Shown by the IDE only. @default 1 */
      step: numberSetting("Step of the IDE's slider (display only)", z.number().default(1)),
      /** Shown by the IDE only. @default true */
      showValue: booleanSetting('Whether the IDE shows the current value (display only)', true),
      /** Shown by the IDE only. @default true */
      showLabels: booleanSetting('Whether the IDE shows the min and max labels (display only)', true),
      /** Shown by the IDE only. @default "" */
      unit: textSetting('Unit shown after the value by the IDE (display only)', z.string().default('')),
    })
    .superRefine(minNotAboveMax),
  effects: 'none',
  fire: ({ config, send }) => {
    const problem = rangeProblem('Range input', config.defaultValue, config.min, config.max);
    if (problem !== undefined) throw new Error(problem);
    return send('output', config.defaultValue);
  },
});
