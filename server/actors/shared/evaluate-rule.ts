import { type JsonValue, isJsonObject } from '../../engine';
import { betweenBounds } from './between-bounds';
import { type Coerced, asText, coerceAs, inferValueType } from './coerce-by-type';
import { readFieldPath } from './field-path';
import { type Rule, type RuleValueType } from './rule-set';

/** Whether a value is empty: missing, null, blank text, an empty array or an empty object. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value as JsonValue) && Object.keys(value as object).length === 0;
}

function equal(a: Coerced, b: Coerced): boolean {
  return a !== undefined && b !== undefined && a === b;
}

/** Orders two coerced values: negative, zero or positive; undefined when they cannot be ordered (NaN, mixed). */
function order(a: Coerced, b: Coerced): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) || Number.isNaN(b) ? undefined : a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

function contains(field: unknown, value: unknown, type: RuleValueType | undefined): boolean {
  if (Array.isArray(field)) return field.some((element) => equal(...coercePair(element, value, type)));
  if (isJsonObject(field as JsonValue)) return Object.hasOwn(field as object, asText(value));
  return asText(field).includes(asText(value));
}

function coercePair(field: unknown, value: unknown, type: RuleValueType | undefined): [Coerced, Coerced] {
  const as = type ?? inferValueType(field, value);
  return [coerceAs(as, field), coerceAs(as, value)];
}

// The IDE's rule builder stores `valueType: "string"` whatever the user meant: an ordering of two sides that
// both read as numbers is numeric, so that 9 is not greater than 100.
function orderingType(type: RuleValueType | undefined, field: unknown, ...values: unknown[]): RuleValueType {
  const numeric = values.every((value) => inferValueType(field, value) === 'number');
  if (type === undefined) return numeric ? 'number' : 'string';
  return type === 'string' && numeric ? 'number' : type;
}

function compare(field: unknown, value: unknown, type: RuleValueType | undefined, accept: (ordering: number) => boolean): boolean {
  const ordering = order(...coercePair(field, value, orderingType(type, field, value)));
  return ordering !== undefined && accept(ordering);
}

function between(field: unknown, value: unknown, type: RuleValueType | undefined): boolean {
  const [low, high] = betweenBounds(value);
  const as = orderingType(type, field, low, high);
  const [x, a, b] = [coerceAs(as, field), coerceAs(as, low), coerceAs(as, high)];
  const [min, max] = (order(a, b) ?? 0) <= 0 ? [a, b] : [b, a];
  const above = order(x, min);
  const below = order(x, max);
  return above !== undefined && below !== undefined && above >= 0 && below <= 0;
}

/**
 * Evaluates one rule against a packet: reads `rule.field` (a dotted path; empty means the packet itself),
 * reads both sides as `rule.valueType` (inferred when absent; an ordering of two numbers is numeric even
 * under `"string"`, as the IDE stores every rule) and applies the operator. `between` is
 * inclusive, with its bounds in either order; `contains` looks for an element of an array, a key of an
 * object or a substring of text.
 */
export function evaluateRule(rule: Rule, packet: JsonValue): boolean {
  const lookup = readFieldPath(packet, rule.field);
  const field = lookup.found ? lookup.value : undefined;
  const { value, operator } = rule;
  const type = rule.valueType ?? undefined;
  switch (operator) {
    case 'is':
      return equal(...coercePair(field, value, type));
    case 'is_not':
      return !equal(...coercePair(field, value, type));
    case 'contains':
      return contains(field, value, type);
    case 'not_contains':
      return !contains(field, value, type);
    case 'greater_than':
      return compare(field, value, type, (ordering) => ordering > 0);
    case 'less_than':
      return compare(field, value, type, (ordering) => ordering < 0);
    case 'greater_equal':
      return compare(field, value, type, (ordering) => ordering >= 0);
    case 'less_equal':
      return compare(field, value, type, (ordering) => ordering <= 0);
    case 'between':
      return between(field, value, type);
    case 'empty':
      return isEmptyValue(field);
    case 'not_empty':
      return !isEmptyValue(field);
  }
}
