import { type JsonValue } from '../../engine';

const collator = new Intl.Collator('en', { numeric: true });

const TYPE_RANK = { number: 0, string: 1, boolean: 2, object: 3 } as const;

/**
 * Orders two JSON values for sorting and min/max: numbers numerically, strings in natural order (`item2` before
 * `item10`), false before true; across types numbers, strings, booleans, then arrays/objects (by their JSON text).
 * Missing values (`undefined`, `null`) are not handled here: callers put them last.
 */
export function compareValues(a: JsonValue, b: JsonValue): number {
  const rankA = TYPE_RANK[typeof a as keyof typeof TYPE_RANK];
  const rankB = TYPE_RANK[typeof b as keyof typeof TYPE_RANK];
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(JSON.stringify(a), JSON.stringify(b));
}

/** Whether a value counts as missing: absent or null. */
export function isMissing(value: JsonValue | undefined): value is null | undefined {
  return value === null || value === undefined;
}
