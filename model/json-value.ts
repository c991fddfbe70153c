import { z } from 'zod';

/** A plain JSON value: what packets, configs and event payloads are made of. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A plain JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** Tells whether a value is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value in a schema: typed as `JsonValue`, checked by nothing (the service writes these values itself). */
export const JsonValueSchema = z.custom<JsonValue>(() => true);

/** A JSON object in a schema. */
export const JsonObjectSchema = z.record(JsonValueSchema);
