import seedrandom from 'seedrandom';
import { z } from 'zod';
import { defineActor } from '../../engine';
import { choiceSetting, numberSetting, optionalText } from '../shared';

const RandomConfigSchema = z
  .object({
    /** The lower bound (inclusive). @default 0 */
    min: numberSetting('Lowest value (inclusive)', z.number().default(0)),
    /** The upper bound (exclusive). @default 1 */
    max: numberSetting('Upper bound (exclusive): values fall in [min, max)', z.number().default(1)),
    /** float or integer. @default "float" */
    type: choiceSetting('Whether to draw a float or an integer', ['float', 'integer'], 'float'),
    /** When set, the node draws from a PRNG seeded with it: the same seed gives the same sequence. */
    seed: optionalText('A seed that makes the sequence repeatable; blank draws a new sequence each run'),
  })
  .superRefine((config, ctx) => {
    if (!(config.min < config.max)) ctx.addIssue({ code: 'custom', path: ['max'], message: `must be greater than min (${config.min})` });
    else if (config.type === 'integer' && Math.ceil(config.min) >= config.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: `no integer lies in [${config.min}, ${config.max})` });
    }
  });

/** Sends a random float or integer in [min, max) for each packet on trigger-in (once at start when it is not connected). */
export const mathRandom = defineActor({
  id: 'tpl_math_random',
  title: 'Random',
  description: 'Emits a random number in [min, max) on value-out per trigger; seeded when seed is set.',
  inports: { 'trigger-in': { type: 'bang', description: 'Any packet: each one draws a number.' } },
  outports: { 'value-out': { type: 'number', description: 'The random number.' } },
  config: RandomConfigSchema,
  createState: () => ({ seed: undefined as string | undefined, next: Math.random }),
  // Unless seeded, it draws from Math.random.
  effects: 'repeatable',
  fire: ({ config, state, send }) => {
    if (state.seed !== config.seed) {
      state.seed = config.seed;
      state.next = config.seed === undefined ? Math.random : seedrandom(config.seed);
    }
    const { min, max } = config;
    if (config.type === 'float') return send('value-out', min + state.next() * (max - min));
    const low = Math.ceil(min);
    const high = Math.ceil(max);
    return send('value-out', low + Math.floor(state.next() * (high - low)));
  },
});
