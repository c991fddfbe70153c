import { defineActor } from '../../engine';
import { cleanFloat, jsonNumber, toNumberArray } from '../shared';

/** Sends the smallest and largest number of array-in and their difference (null on each for an empty array). */
export const mathMinMax = defineActor({
  id: 'tpl_math_min_max',
  title: 'Min/Max',
  description: 'Min, max and max - min of the array on array-in.',
  inports: { 'array-in': { type: 'array', required: true, description: 'An array of numbers or numeric texts.' } },
  outports: {
    'min-out': { type: 'number', description: 'The smallest number.' },
    'max-out': { type: 'number', description: 'The largest number.' },
    'range-out': { type: 'number', description: 'max - min.' },
  },
  effects: 'none',
  async fire({ inputs, send }) {
    const values = toNumberArray(inputs['array-in'], 'array-in');
    if (values.length === 0) {
      for (const port of ['min-out', 'max-out', 'range-out'] as const) await send(port, null);
      return;
    }
    let [min, max] = [values[0], values[0]];
    for (const value of values) {
      if (value < min) min = value;
      if (value > max) max = value;
    }
    await send('min-out', jsonNumber(min));
    await send('max-out', jsonNumber(max));
    await send('range-out', jsonNumber(cleanFloat(max - min), 'The range'));
  },
});
