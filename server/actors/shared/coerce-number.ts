import { describeValue } from './describe-value';
import { parseNumeric } from '../../actor-sdk';

export { parseNumeric };

/** Whether a value is a number or a numeric string. */
export function isNumeric(value: unknown): boolean {
  return parseNumeric(value) !== undefined;
}

/**
 * Coerces a packet to a number.
 * @throws Error naming the port when the value is not a number or a numeric string.
 * @example toNumber('4.5', 'b-in') // 4.5
 */
export function toNumber(value: unknown, port: string): number {
  const parsed = parseNumeric(value);
  if (parsed === undefined) throw new Error(`Port '${port}' expects a number, got ${describeValue(value)}`);
  return parsed;
}

/**
 * Coerces a packet to an array of numbers; with `skipNonNumeric`, elements that are not numbers are left out.
 * @throws Error naming the port when the value is not an array, or an element (by index) is not a number.
 */
export function toNumberArray(value: unknown, port: string, skipNonNumeric = false): number[] {
  if (!Array.isArray(value)) throw new Error(`Port '${port}' expects an array of numbers, got ${describeValue(value)}`);
  const numbers: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const parsed = parseNumeric(value[i]);
    if (parsed !== undefined) numbers.push(parsed);
    else if (!skipNonNumeric) throw new Error(`Port '${port}' expects an array of numbers, got ${describeValue(value[i])} at index ${i}`);
  }
  return numbers;
}
