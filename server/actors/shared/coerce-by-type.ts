import { parseNumeric } from './coerce-number';
import { type RuleValueType } from './rule-set';

/** A value read as a rule value type: a number (NaN when unreadable), a string, or a boolean (undefined when unreadable). */
export type Coerced = number | string | boolean | undefined;

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0', '']);

/** Reads a value as text: null and missing as `""`, objects and arrays as JSON. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Reads a value as a date in epoch milliseconds: numbers as epoch ms, strings as ISO 8601 or epoch ms; NaN when unreadable. */
export function asDate(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return NaN;
  const numeric = parseNumeric(value);
  return numeric !== undefined ? numeric : Date.parse(value.trim());
}

/** Reads a value as a boolean: `true/yes/on/1` and `false/no/off/0/""` (any case), numbers by non-zero, null as false. */
export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  return FALSE_WORDS.has(word) ? false : undefined;
}

/** Reads a value as a rule value type (both sides of a rule are read the same way before comparing). */
export function coerceAs(type: RuleValueType, value: unknown): Coerced {
  switch (type) {
    case 'number':
      return parseNumeric(value) ?? NaN;
    case 'date':
      return asDate(value);
    case 'boolean':
      return asBoolean(value);
    case 'string':
      return asText(value);
  }
}

/**
 * The type a rule without `valueType` compares in: numbers when both sides are numeric, booleans when the
 * field is a boolean, text otherwise.
 */
export function inferValueType(fieldValue: unknown, ruleValue: unknown): RuleValueType {
  if (parseNumeric(fieldValue) !== undefined && parseNumeric(ruleValue) !== undefined) return 'number';
  if (typeof fieldValue === 'boolean') return 'boolean';
  return 'string';
}
