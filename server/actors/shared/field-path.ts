import { type JsonValue, isJsonObject } from '../../engine';

/** What a field-path lookup found: the value, or that nothing is there. */
export type FieldLookup = { found: true; value: JsonValue } | { found: false };

/** Splits `body.items[0].total` into `['body', 'items', '0', 'total']`. */
export function splitFieldPath(path: string): string[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '');
}

/**
 * Reads a dotted field path (`body.items.0.total`, `items[0].total`) from a packet. An empty path is the
 * packet itself; a key that contains dots is found when the whole path names it; `length` of an array is its size.
 * @example readFieldPath({ a: { b: [5] } }, 'a.b.0') // { found: true, value: 5 }
 */
export function readFieldPath(value: JsonValue | undefined, path: string): FieldLookup {
  if (value === undefined) return { found: false };
  const trimmed = path.trim();
  if (trimmed === '') return { found: true, value };
  if (isJsonObject(value) && Object.hasOwn(value, trimmed)) return { found: true, value: value[trimmed] };
  let current: JsonValue = value;
  for (const segment of splitFieldPath(trimmed)) {
    const next = childOf(current, segment);
    if (next === undefined) return { found: false };
    current = next;
  }
  return { found: true, value: current };
}

function childOf(value: JsonValue, segment: string): JsonValue | undefined {
  if (Array.isArray(value)) {
    if (segment === 'length') return value.length;
    if (!/^\d+$/.test(segment)) return undefined;
    return value[Number(segment)];
  }
  if (isJsonObject(value) && Object.hasOwn(value, segment)) return value[segment];
  return undefined;
}
