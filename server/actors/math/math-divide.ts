import { z } from 'zod';
import { type JsonValue, defineActor, errorOutPort } from '../../engine';
import { choiceSetting, jsonNumber, roundTo, toNumber } from '../shared';
import { operandPorts, precisionSetting } from './math-settings';

/** What a division by zero gives: `error` fails the firing (routed to error-out), the others send a value. */
function divisionByZero(a: number, mode: 'error' | 'infinity' | 'zero' | 'null'): JsonValue {
  switch (mode) {
    case 'error':
      throw new Error(`Division by zero (${a} / 0)`);
    case 'infinity':
      // JSON has no Infinity: it travels as text, and 0 / 0 has no value at all.
      return a === 0 ? null : a > 0 ? 'Infinity' : '-Infinity';
    case 'zero':
      return 0;
    case 'null':
      return null;
  }
}

/** Divides a-in by b-in and sends the quotient rounded to `precision`; `handleDivByZero` says what b = 0 gives. */
export const mathDivide = defineActor({
  id: 'tpl_math_divide',
  title: 'Divide',
  description: 'Divides a-in by b-in, rounded to precision; division by zero per handleDivByZero.',
  inports: operandPorts,
  outports: {
    'result-out': { type: 'number', description: 'a / b, rounded.' },
    ...errorOutPort('when the division fails'),
  },
  config: z.object({
    /** Decimal places of the result. @default 2 */
    precision: precisionSetting(2),
    /** What dividing by zero gives: an error, "Infinity"/"-Infinity" (null for 0 / 0), 0 or null. @default "error" */
    handleDivByZero: choiceSetting('What a division by zero gives: an error on error-out, Infinity, 0 or null', ['error', 'infinity', 'zero', 'null'], 'error'),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const a = toNumber(inputs['a-in'], 'a-in');
    const b = toNumber(inputs['b-in'], 'b-in');
    if (b === 0) return send('result-out', divisionByZero(a, config.handleDivByZero));
    return send('result-out', jsonNumber(roundTo(a / b, config.precision), `${a} / ${b}`));
  },
});
