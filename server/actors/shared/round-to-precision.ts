import { z } from 'zod';

/** How a number is brought to a precision: half away from zero, down, up, or toward zero. */
export const RoundingMethodSchema = z.enum(['round', 'floor', 'ceil', 'trunc']);

/** A rounding method of {@link RoundingMethodSchema}. */
export type RoundingMethod = z.infer<typeof RoundingMethodSchema>;

const roundings: Record<RoundingMethod, (value: number) => number> = {
  round: (value) => Math.sign(value) * Math.round(Math.abs(value)),
  floor: Math.floor,
  ceil: Math.ceil,
  trunc: Math.trunc,
};

/** Multiplies by 10^places through the decimal text of the number, so 4.35 shifted by 2 is exactly 435. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/**
 * Rounds a number to `precision` decimal places with a method, working on its decimal text so that binary
 * noise never shows: 0.1 + 0.2 at precision 2 is 0.3, 1.005 rounds to 1.01. Non-finite values pass through.
 * @example roundTo(2.345, 2) // 2.35
 */
export function roundTo(value: number, precision: number, method: RoundingMethod = 'round'): number {
  const shifted = shiftDecimal(value, precision);
  // Past 2^53 every double is an integer, so there is nothing left to round (and shifting may overflow).
  if (!Number.isFinite(shifted) || Math.abs(shifted) >= 2 ** 53) return value;
  const rounded = shiftDecimal(roundings[method](shifted), -precision);
  return rounded === 0 ? 0 : rounded;
}

/** Removes binary floating-point noise by keeping 15 significant digits (0.30000000000000004 becomes 0.3). */
export function cleanFloat(value: number): number {
  if (!Number.isFinite(value)) return value;
  const cleaned = Number(value.toPrecision(15));
  return cleaned === 0 ? 0 : cleaned;
}
