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

/**
 * A JSON value that must be there, checked for presence only: for what `JSON.parse` returned, which is JSON
 * already (a deep check of a large value costs time for nothing).
 */
export const PresentJsonValueSchema = z.custom<JsonValue>((value) => value !== undefined, 'a JSON value is required');

/** A JSON value checked through and through: for values a client wrote by hand, such as an IDE workflow's property values. */
export const CheckedJsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(CheckedJsonValueSchema), z.record(CheckedJsonValueSchema)]),
);

/** A JSON object checked through and through, such as a node's `propertyValues`. */
export const CheckedJsonObjectSchema = z.record(CheckedJsonValueSchema);
