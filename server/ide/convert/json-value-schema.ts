import { z } from 'zod';
import { type JsonValue } from '../../engine';

/** Accepts any plain JSON value: what property values and template defaults are made of. */
export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(JsonValueSchema), z.record(JsonValueSchema)]),
);

/** Accepts a JSON object, such as a node's `propertyValues`. */
export const JsonObjectSchema = z.record(JsonValueSchema);
