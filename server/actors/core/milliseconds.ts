import { type JsonValue } from '../../engine';

/**
 * Reads a duration packet of a timed `core/` actor as NoFlo's components do (`parseInt(value, 10)`: a number or a
 * numeric text, fractions dropped), refusing what would not name a duration instead of letting Node read it as 1 ms.
 * @param port - the port the value came from, named in the error
 * @param min - the least duration accepted
 * @throws Error naming the port when the value is no whole number of at least `min` milliseconds
 */
export function millisecondsOf(value: JsonValue | undefined, port: string, min: number): number {
  const ms = typeof value === 'number' ? Math.trunc(value) : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isFinite(ms) || ms < min)
    throw new Error(`Port '${port}' takes a number of milliseconds of at least ${min}, got ${JSON.stringify(value ?? null)}`);
  return ms;
}
