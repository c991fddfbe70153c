import { type JsonValue } from '../../engine';

/** The key a storage node works on: `key-in` as text (a number or boolean counts as its text). */
export function keyText(value: JsonValue | undefined, operation: string): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${operation} needs a key (text or a number) on key-in`);
}
