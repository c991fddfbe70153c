import { z } from 'zod';
import { defineActor } from '../../engine';
import { jsonNumber, roundTo, toNumberArray } from '../shared';
import { precisionSetting, numberArrayPort } from './math-settings';
import { mean } from './summary-statistics';

/** Sends the mean of the numbers on array-in (rounded to `precision`) and how many there are. */
export const mathAverage = defineActor({
  id: 'tpl_math_average',
  title: 'Average',
  description: 'Mean of the numeric array on array-in to avg-out, its element count to count-out.',
  inports: { 'array-in': numberArrayPort() },
  outports: {
    'avg-out': { type: 'number', description: 'The mean, rounded; null for an empty array.' },
    'count-out': { type: 'int', description: 'The number of elements.' },
  },
  config: z.object({
    /** Decimal places of the mean. @default 2 */
    precision: precisionSetting(2),
  }),
  effects: 'none',
  async fire({ inputs, config, send }) {
    const values = toNumberArray(inputs['array-in'], 'array-in');
    const average = mean(values);
    await send('avg-out', average === null ? null : jsonNumber(roundTo(average, config.precision)));
    await send('count-out', values.length);
  },
});
