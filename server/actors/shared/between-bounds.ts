/**
 * The two bounds of a `between` rule: an array `[low, high]` or the text `"low,high"`.
 * @throws Error when the value does not hold exactly two bounds.
 */
export function betweenBounds(value: unknown): [unknown, unknown] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((part) => part.trim()) : [];
  if (parts.length !== 2) throw new Error(`Operator 'between' needs two bounds, such as "1,10" or [1, 10]; got ${JSON.stringify(value ?? null)}`);
  return [parts[0], parts[1]];
}
