import { type JsonValue } from '../../engine';
import { jsonNumber } from './json-number';
import { restrictedMath } from './restricted-math';
import { roundTo } from './round-to-precision';

function numberToJson(value: number, precision: number | undefined): JsonValue {
  return jsonNumber(precision === undefined ? value : roundTo(value, precision), 'The expression result');
}

/**
 * Turns what a mathjs expression returned into a JSON packet, rounding every number to `precision`: a
 * complex number becomes `{re, im}` (a plain number when its imaginary part is 0), a matrix an array, a
 * unit its text (`"5.08 cm"`), several statements their last value, big numbers and fractions numbers.
 * @throws Error when the result is a function or NaN.
 */
export function mathResultToJson(value: unknown, precision?: number): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return numberToJson(value, precision);
    case 'bigint':
      return numberToJson(Number(value), precision);
    case 'string':
    case 'boolean':
      return value;
    case 'function':
      throw new Error('The expression evaluates to a function, not a value');
  }
  const { isBigNumber, isComplex, isFraction, isMatrix, isResultSet, isUnit } = restrictedMath().math;
  if (isBigNumber(value) || isFraction(value)) return numberToJson(Number(value), precision);
  if (isComplex(value)) {
    const re = numberToJson(value.re, precision);
    const im = numberToJson(value.im, precision);
    return im === 0 ? re : { re, im };
  }
  if (isUnit(value)) return value.toString();
  if (isMatrix(value)) return mathResultToJson(value.toArray(), precision);
  if (isResultSet(value)) {
    const entries = (value as unknown as { entries: unknown[] }).entries;
    return entries.length === 0 ? null : mathResultToJson(entries[entries.length - 1], precision);
  }
  if (Array.isArray(value)) return value.map((entry) => mathResultToJson(entry, precision));
  if (Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, mathResultToJson(entry, precision)]));
  }
  throw new Error(`The expression evaluates to an unsupported value (${Object.prototype.toString.call(value)})`);
}
