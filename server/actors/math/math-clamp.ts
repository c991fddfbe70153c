import { defineActor } from '../../engine';
import { jsonNumber, toNumber } from '../shared';

/** Clamps value-in into [min-in, max-in]. */
export const mathClamp = defineActor({
  id: 'tpl_math_clamp',
  title: 'Clamp',
  description: 'Sends value-in limited to the range [min-in, max-in].',
  inports: {
    'value-in': { type: 'number', required: true, description: 'The number to clamp.' },
    'min-in': { type: 'number', required: true, description: 'The lower bound.' },
    'max-in': { type: 'number', required: true, description: 'The upper bound.' },
  },
  outports: { 'result-out': { type: 'number', description: 'The clamped value.' } },
  effects: 'none',
  fire: ({ inputs, send }) => {
    const value = toNumber(inputs['value-in'], 'value-in');
    const min = toNumber(inputs['min-in'], 'min-in');
    const max = toNumber(inputs['max-in'], 'max-in');
    if (min > max) throw new Error(`min-in (${min}) is greater than max-in (${max})`);
    return send('result-out', jsonNumber(Math.min(Math.max(value, min), max)));
  },
});
