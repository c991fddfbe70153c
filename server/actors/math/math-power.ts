import { z } from 'zod';
import { defineActor } from '../../engine';
import { jsonNumber, roundTo, toNumber } from '../shared';
import { precisionSetting } from './math-settings';

/** Raises base-in to the power exp-in and sends the result rounded to `precision`. */
export const mathPower = defineActor({
  id: 'tpl_math_power',
  title: 'Power',
  description: 'Sends base-in ^ exp-in, rounded to precision.',
  inports: {
    'base-in': { type: 'number', required: true, description: 'The base (a number or numeric text).' },
    'exp-in': { type: 'number', required: true, description: 'The exponent (a number or numeric text).' },
  },
  outports: { 'result-out': { type: 'number', description: 'base ^ exp, rounded; "Infinity" when it overflows.' } },
  config: z.object({
    /** Decimal places of the result. @default 2 */
    precision: precisionSetting(2),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const base = toNumber(inputs['base-in'], 'base-in');
    const exponent = toNumber(inputs['exp-in'], 'exp-in');
    return send('result-out', jsonNumber(roundTo(base ** exponent, config.precision), `${base} ^ ${exponent}`));
  },
});
