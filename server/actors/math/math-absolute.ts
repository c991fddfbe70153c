import { defineActor } from '../../engine';
import { jsonNumber, toNumber } from '../shared';

/** Sends the absolute value of each number on `value-in`. */
export const mathAbsolute = defineActor({
  id: 'tpl_math_absolute',
  title: 'Absolute',
  description: 'Sends |value-in| on result-out.',
  inports: { 'value-in': { type: 'number', required: true, description: 'A number or numeric text.' } },
  outports: { 'result-out': { type: 'number', description: 'The absolute value.' } },
  effects: 'none',
  fire: ({ inputs, send }) => send('result-out', jsonNumber(Math.abs(toNumber(inputs['value-in'], 'value-in')))),
});
