import { z } from 'zod';
import { defineActor } from '../../engine';
import { jsonNumber, roundTo, toNumber } from '../shared';
import { operandPorts, precisionSetting } from './math-settings';

/** Multiplies a-in by b-in and sends the result rounded to `precision` decimal places. */
export const mathMultiply = defineActor({
  id: 'tpl_math_multiply',
  title: 'Multiply',
  description: 'Multiplies a-in by b-in, rounded to precision.',
  inports: operandPorts,
  outports: { 'result-out': { type: 'number', description: 'a * b, rounded.' } },
  config: z.object({
    /** Decimal places of the result. @default 2 */
    precision: precisionSetting(2),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const result = toNumber(inputs['a-in'], 'a-in') * toNumber(inputs['b-in'], 'b-in');
    return send('result-out', jsonNumber(roundTo(result, config.precision)));
  },
});
