import { type JsonValue } from '../../engine';

/** The marker that ends a preview cut to its limit. */
export const PREVIEW_TRUNCATION_MARKER = '...(truncated)';

/** Bytes of a value's JSON text in UTF-8. */
export function jsonBytes(value: JsonValue): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** The JSON type of a value, as the trace collector's `data.type`: object, array, string, number, boolean or null. */
export function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * A value small enough for a preview: the value itself when its JSON text has at most `maxChars`
 * characters, else the first `maxChars` characters of that text followed by the truncation marker.
 */
export function previewOf(value: JsonValue, maxChars: number): JsonValue {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'string' && value.length <= maxChars) return value;
  const json = JSON.stringify(value);
  if (json.length <= maxChars) return value;
  return `${json.slice(0, maxChars)}${PREVIEW_TRUNCATION_MARKER}`;
}
