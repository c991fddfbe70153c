/**
 * Makes a computed number fit in a JSON packet: finite numbers as they are, infinities as the strings
 * `"Infinity"` / `"-Infinity"` (which the math actors read back as numbers).
 * @throws Error saying what is not a number when the value is NaN.
 */
export function jsonNumber(value: number, what = 'The result'): number | string {
  if (Number.isFinite(value)) return value;
  if (Number.isNaN(value)) throw new Error(`${what} is not a number`);
  return value > 0 ? 'Infinity' : '-Infinity';
}
