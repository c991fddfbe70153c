/** A plain JSON value: what packets, configs and event payloads are made of. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A plain JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Tells whether a value is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
