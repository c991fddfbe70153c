import { z } from 'zod';
import { defineActor } from '../../engine';
import { choiceSetting, jsonNumber, roundTo, toNumber } from '../shared';
import { precisionSetting } from './math-settings';

/** Rounds value-in to `precision` decimal places with `method` (round half away from zero, floor, ceil, trunc). */
export const mathRound = defineActor({
  id: 'tpl_math_round',
  title: 'Round',
  description: 'Rounds value-in with method at precision.',
  inports: { 'value-in': { type: 'number', required: true, description: 'A number or numeric text.' } },
  outports: { 'result-out': { type: 'number', description: 'The rounded value.' } },
  config: z.object({
    /** Decimal places kept. @default 0 */
    precision: precisionSetting(0),
    /** round (half away from zero), floor, ceil or trunc (toward zero). @default "round" */
    method: choiceSetting('How to round: to nearest, down, up or toward zero', ['round', 'floor', 'ceil', 'trunc'], 'round'),
  }),
  effects: 'none',
  fire: ({ inputs, config, send }) => send('result-out', jsonNumber(roundTo(toNumber(inputs['value-in'], 'value-in'), config.precision, config.method))),
});
