import { defineActor } from '../../engine';
import { cleanFloat, jsonNumber, toNumber } from '../shared';
import { operandPorts } from './math-settings';

/** Sends the remainder of a-in divided by b-in (JavaScript `%`: the sign follows a-in). */
export const mathModulo = defineActor({
  id: 'tpl_math_modulo',
  title: 'Modulo',
  description: 'Sends a-in % b-in on result-out.',
  inports: operandPorts,
  outports: { 'result-out': { type: 'number', description: 'The remainder a % b.' } },
  effects: 'none',
  fire: ({ inputs, send }) => {
    const a = toNumber(inputs['a-in'], 'a-in');
    const b = toNumber(inputs['b-in'], 'b-in');
    if (b === 0) throw new Error(`Modulo by zero (${a} % 0)`);
    return send('result-out', jsonNumber(cleanFloat(a % b), `${a} % ${b}`));
  },
});
