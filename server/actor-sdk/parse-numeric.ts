/**
 * Reads a number from a number or a numeric string (IDE text boxes send text); `undefined` for anything
 * else, including blank strings, booleans, null and `"NaN"`. `"Infinity"` is accepted, as math actors emit it.
 */
export function parseNumeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  return Number.isNaN(parsed) ? undefined : parsed;
}
