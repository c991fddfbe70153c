import { type JsonValue, createCatalogue } from '../../engine';
import { runNode } from '../../../test/support/kits';
import { mathActors } from './index';

const catalogue = createCatalogue(mathActors);

async function outputsOf(component: string, port: string, value: JsonValue, config: Record<string, JsonValue> = {}) {
  const { result, outputs } = await runNode(catalogue.get(component)!, { packets: [[port, value]], config });
  expect(result.errors).toEqual([]);
  return outputs;
}

async function failureOf(component: string, port: string, value: JsonValue, config: Record<string, JsonValue> = {}) {
  const { result } = await runNode(catalogue.get(component)!, { packets: [[port, value]], config });
  expect(result.success).toBe(false);
  return result.errors[0]?.message;
}

describe('tpl_math_average', () => {
  it('sends the mean at precision 2 and the element count', async () => {
    expect(await outputsOf('tpl_math_average', 'array-in', [1, 2, '3', 4])).toEqual({ 'avg-out': 2.5, 'count-out': 4 });
    expect(await outputsOf('tpl_math_average', 'array-in', [1, 1, 2])).toEqual({ 'avg-out': 1.33, 'count-out': 3 });
    expect(await outputsOf('tpl_math_average', 'array-in', [1, 1, 2], { precision: 0 })).toEqual({ 'avg-out': 1, 'count-out': 3 });
  });

  it('sends null and 0 for an empty array, and fails naming the element that is not a number', async () => {
    expect(await outputsOf('tpl_math_average', 'array-in', [])).toEqual({ 'avg-out': null, 'count-out': 0 });
    expect(await failureOf('tpl_math_average', 'array-in', [1, 'two'])).toBe(`Port 'array-in' expects an array of numbers, got "two" at index 1`);
    expect(await failureOf('tpl_math_average', 'array-in', 5)).toBe(`Port 'array-in' expects an array of numbers, got 5`);
  });
});

describe('tpl_math_min_max', () => {
  it('sends the minimum, the maximum and the range', async () => {
    expect(await outputsOf('tpl_math_min_max', 'array-in', [3, -1, '7'])).toEqual({ 'min-out': -1, 'max-out': 7, 'range-out': 8 });
    expect(await outputsOf('tpl_math_min_max', 'array-in', [0.1, 0.3])).toEqual({ 'min-out': 0.1, 'max-out': 0.3, 'range-out': 0.2 });
  });

  it('sends null on every port for an empty array and handles long arrays', async () => {
    expect(await outputsOf('tpl_math_min_max', 'array-in', [])).toEqual({ 'min-out': null, 'max-out': null, 'range-out': null });
    const long = Array.from({ length: 200_000 }, (_, i) => i);
    expect(await outputsOf('tpl_math_min_max', 'array-in', long)).toEqual({ 'min-out': 0, 'max-out': 199_999, 'range-out': 199_999 });
  });
});

describe('tpl_math_sum', () => {
  it('skips elements that are not numbers by default', async () => {
    expect(await outputsOf('tpl_math_sum', 'array-in', [1, '2', 'x', null, { a: 1 }])).toEqual({ 'sum-out': 3 });
    expect(await outputsOf('tpl_math_sum', 'array-in', [0.1, 0.2])).toEqual({ 'sum-out': 0.3 });
    expect(await outputsOf('tpl_math_sum', 'array-in', [])).toEqual({ 'sum-out': 0 });
  });

  it('fails on a non-numeric element when ignoreNonNumeric is false', async () => {
    expect(await failureOf('tpl_math_sum', 'array-in', [1, 'x'], { ignoreNonNumeric: false })).toBe(
      `Port 'array-in' expects an array of numbers, got "x" at index 1`,
    );
    expect(await outputsOf('tpl_math_sum', 'array-in', [1, '2'], { ignoreNonNumeric: 'false' })).toEqual({ 'sum-out': 3 });
  });
});

describe('tpl_math_statistics', () => {
  const data = [2, 4, 4, 4, 5, 5, 7, 9];

  it('sends the five statistics with the sample variance at precision 4 by default', async () => {
    expect(await outputsOf('tpl_math_statistics', 'data-in', data)).toEqual({
      'mean-out': 5,
      'median-out': 4.5,
      'mode-out': 4,
      'std-out': 2.1381,
      'variance-out': 4.5714,
    });
  });

  it('uses the population variance without sampleCorrection, at the given precision', async () => {
    expect(await outputsOf('tpl_math_statistics', 'data-in', data, { sampleCorrection: false, precision: 1 })).toEqual({
      'mean-out': 5,
      'median-out': 4.5,
      'mode-out': 4,
      'std-out': 2,
      'variance-out': 4,
    });
  });

  it('sends null where a statistic is undefined', async () => {
    expect(await outputsOf('tpl_math_statistics', 'data-in', [3])).toEqual({
      'mean-out': 3,
      'median-out': 3,
      'mode-out': 3,
      'std-out': null,
      'variance-out': null,
    });
    expect(await outputsOf('tpl_math_statistics', 'data-in', [])).toEqual({
      'mean-out': null,
      'median-out': null,
      'mode-out': null,
      'std-out': null,
      'variance-out': null,
    });
  });
});
