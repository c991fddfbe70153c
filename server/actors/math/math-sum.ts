import { z } from 'zod';
import { defineActor } from '../../engine';
import { numberArrayPort } from './math-settings';
import { booleanSetting, cleanFloat, jsonNumber, toNumberArray } from '../shared';

/** Sends the sum of the numbers on array-in; with `ignoreNonNumeric` other elements are skipped, else they fail the node. */
export const mathSum = defineActor({
  id: 'tpl_math_sum',
  title: 'Sum',
  description: 'Sum of the array on array-in (skipping non-numbers when ignoreNonNumeric).',
  inports: { 'array-in': numberArrayPort() },
  outports: { 'sum-out': { type: 'number', description: 'The sum (0 for an empty array).' } },
  config: z.object({
    /** Skip elements that are not numbers or numeric texts instead of failing. @default true */
    ignoreNonNumeric: booleanSetting('Skip array elements that are not numbers instead of failing', true),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    let sum = 0;
    for (const value of toNumberArray(inputs['array-in'], 'array-in', config.ignoreNonNumeric)) sum += value;
    return send('sum-out', jsonNumber(cleanFloat(sum), 'The sum'));
  },
});
