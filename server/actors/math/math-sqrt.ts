import { z } from 'zod';
import { defineActor, errorOutPort } from '../../engine';
import { choiceSetting, jsonNumber, roundTo, toNumber } from '../shared';
import { precisionSetting } from './math-settings';

/** Sends the square root of value-in rounded to `precision`; `handleNegative` says what a negative number gives. */
export const mathSqrt = defineActor({
  id: 'tpl_math_sqrt',
  title: 'Square Root',
  description: 'Square root of value-in; negatives per handleNegative (error, absolute, complex).',
  inports: { 'value-in': { type: 'number', required: true, description: 'A number or numeric text.' } },
  outports: {
    'result-out': { type: 'all', description: 'The root, or {re, im} for a negative number in complex mode.' },
    ...errorOutPort('for a negative number in error mode'),
  },
  config: z.object({
    /** Decimal places of the result. @default 2 */
    precision: precisionSetting(2),
    /** error (fail), absolute (root of |x|) or complex ({re: 0, im: root of |x|}). @default "error" */
    handleNegative: choiceSetting(
      'What a negative input gives: an error on error-out, the root of its absolute value, or a complex result',
      ['error', 'absolute', 'complex'],
      'error',
    ),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const value = toNumber(inputs['value-in'], 'value-in');
    const root = jsonNumber(roundTo(Math.sqrt(Math.abs(value)), config.precision));
    if (value >= 0 || config.handleNegative === 'absolute') return send('result-out', root);
    if (config.handleNegative === 'complex') return send('result-out', { re: 0, im: root });
    throw new Error(`Cannot take the square root of a negative number (${value})`);
  },
});
