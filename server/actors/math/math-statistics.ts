import { z } from 'zod';
import { type JsonValue, defineActor } from '../../engine';
import { booleanSetting, jsonNumber, roundTo, toNumberArray } from '../shared';
import { precisionSetting, numberArrayPort } from './math-settings';
import { summaryStatistics } from './summary-statistics';

/** Sends the mean, median, mode, standard deviation and variance of the numbers on data-in, each on its port. */
export const mathStatistics = defineActor({
  id: 'tpl_math_statistics',
  title: 'Statistics',
  description: 'Mean, median, mode, standard deviation and variance of data-in.',
  inports: { 'data-in': numberArrayPort() },
  outports: {
    'mean-out': { type: 'number', description: 'The mean.' },
    'median-out': { type: 'number', description: 'The median.' },
    'mode-out': { type: 'number', description: 'The most frequent value (the smallest on a tie).' },
    'std-out': { type: 'number', description: 'The standard deviation.' },
    'variance-out': { type: 'number', description: 'The variance (sample or population per sampleCorrection).' },
  },
  config: z.object({
    /** Decimal places of every result. @default 4 */
    precision: precisionSetting(4),
    /** Divide by n - 1 (sample) rather than n (population). @default true */
    sampleCorrection: booleanSetting('Use the sample (n - 1) rather than the population (n) variance and standard deviation', true),
  }),
  effects: 'none',
  async fire({ inputs, config, send }) {
    const stats = summaryStatistics(toNumberArray(inputs['data-in'], 'data-in'), config.sampleCorrection);
    const out = (value: number | null): JsonValue => (value === null ? null : jsonNumber(roundTo(value, config.precision)));
    await send('mean-out', out(stats.mean));
    await send('median-out', out(stats.median));
    await send('mode-out', out(stats.mode));
    await send('std-out', out(stats.std));
    await send('variance-out', out(stats.variance));
  },
});
