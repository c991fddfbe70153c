import { z } from 'zod';
import { type JsonObject, type JsonValue } from '../../engine';
import { type DeclaredPort, type Located } from './ide-graph';
import { CheckedJsonValueSchema, joinPath } from '../../../model';

/** A port as either dialect declares it: direction in `type` (camelCase) or `port_type` (snake_case). */
export const DeclaredPortSchema = z
  .object({
    id: z.string().min(1),
    type: z.enum(['input', 'output']).nullish(),
    port_type: z.enum(['input', 'output']).nullish(),
  })
  .passthrough()
  .refine((port) => (port.type ?? port.port_type) != null, {
    message: "a port needs its direction in 'type' (or 'port_type'): input or output",
  });

/** A port list entry of the orchestrator form (`inputs`/`outputs`): a port id or an object with one. */
export const PortIdEntrySchema = z.union([z.string().min(1), z.object({ id: z.string().min(1) }).passthrough()]);

const PropertyDefinitionSchema = z.object({ defaultValue: CheckedJsonValueSchema.optional() }).passthrough();

/** Property definitions: a record keyed by property id or, as the IDE's types declare it, an array of `{id, ...}`. */
export const PropertyDefinitionsSchema = z.union([z.record(PropertyDefinitionSchema), z.array(PropertyDefinitionSchema.extend({ id: z.string().min(1) }))]);

/** Property definitions of either form. */
export type PropertyDefinitions = z.infer<typeof PropertyDefinitionsSchema>;

/** Optional text of a record: absent, null and `''` all mean "not given". */
export const OptionalTextSchema = z.string().nullish();

/** The ports a node declares: its port list, else its `inputs`/`outputs`; undefined when both are empty or absent. */
export function declaredPorts(
  ports: readonly z.infer<typeof DeclaredPortSchema>[] | null | undefined,
  inputs: readonly z.infer<typeof PortIdEntrySchema>[] | null | undefined,
  outputs: readonly z.infer<typeof PortIdEntrySchema>[] | null | undefined,
): DeclaredPort[] | undefined {
  if (ports != null && ports.length > 0) {
    return ports.map((port) => ({ id: port.id, direction: (port.type ?? port.port_type) === 'input' ? 'input' : 'output' }));
  }
  const listed: DeclaredPort[] = [
    ...(inputs ?? []).map((entry) => ({ id: portIdOf(entry), direction: 'input' as const })),
    ...(outputs ?? []).map((entry) => ({ id: portIdOf(entry), direction: 'output' as const })),
  ];
  return listed.length > 0 ? listed : undefined;
}

function portIdOf(entry: z.infer<typeof PortIdEntrySchema>): string {
  return typeof entry === 'string' ? entry : entry.id;
}

/** The `defaultValue` of each property definition that has one. */
export function definitionDefaults(definitions: PropertyDefinitions | null | undefined): Record<string, JsonValue> {
  const defaults: Record<string, JsonValue> = {};
  if (definitions == null) return defaults;
  const entries = Array.isArray(definitions) ? definitions.map((definition) => [definition.id, definition] as const) : Object.entries(definitions);
  for (const [key, definition] of entries) {
    if (definition.defaultValue !== undefined) defaults[key] = definition.defaultValue;
  }
  return defaults;
}

/** A located value when the text is given (not null, not empty), else undefined. */
export function locatedText(value: string | null | undefined, base: string, ...segments: string[]): Located<string> | undefined {
  return value == null || value === '' ? undefined : { value, path: joinPath(base, ...segments) };
}

/** The first of the candidate objects that is present, with its path; an empty object at the first path otherwise. */
export function firstObject(candidates: readonly (readonly [JsonObject | null | undefined, string])[]): Located<JsonObject> {
  for (const [value, path] of candidates) {
    if (value != null) return { value, path };
  }
  return { value: {}, path: candidates[0]?.[1] ?? '' };
}
