import { type JsonObject, type JsonValue } from '../../engine';

/** A packet as an object, or undefined when it is none (text, a list, a number). */
export function objectOf(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

/**
 * The text a packet carries: text as it is, a number or boolean as its text, else the first text field of
 * an object among `keys`.
 * @example textOf({ text: 'Hi' }, ['text', 'message']) // 'Hi'
 */
export function textOf(value: JsonValue | undefined, keys: readonly string[]): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const object = objectOf(value);
  if (object === undefined) return undefined;
  for (const key of keys) {
    const found = object[key];
    if (typeof found === 'string' || typeof found === 'number') return String(found);
  }
  return undefined;
}

/** A list of texts given as a list, or as text separated by commas, semicolons or line breaks; blanks dropped. */
export function textList(value: JsonValue | undefined): string[] {
  const items = typeof value === 'string' ? value.split(/[,;\r\n]+/) : Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.flatMap((item) => (typeof item === 'string' || typeof item === 'number' ? [String(item).trim()] : [])).filter((item) => item !== '');
}
