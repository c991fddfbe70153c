import { jsonSchemaOf } from '../actor-config';
import { type AnyActorDefinition } from '../engine';

/** The actor definitions a module exports, or why an export is none. */
export type ActorExports = { ok: true; definitions: AnyActorDefinition[] } | { ok: false; problem: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Read by shape: a package's definitions are made by its own copy of the SDK, so no class or mark is shared.
function isActorDefinition(value: unknown): value is AnyActorDefinition {
  if (!isRecord(value)) return false;
  const { id, inports, outports, config, fire } = value;
  return typeof id === 'string' && id !== '' && isRecord(inports) && isRecord(outports) && isRecord(config) && typeof config.safeParse === 'function' && typeof fire === 'function';
}

/**
 * The actor definitions of a loaded module: each enumerable export is one, or an array of them (the default
 * export too). Anything else is refused: an operator who lists a package means all of it to be actors.
 */
export function actorExports(exported: unknown): ActorExports {
  if (isActorDefinition(exported)) return { ok: true, definitions: [exported] };
  if (!isRecord(exported)) return { ok: false, problem: 'it exports no object of actor definitions' };
  const definitions: AnyActorDefinition[] = [];
  for (const [name, value] of Object.entries(exported)) {
    if (name === '__esModule') continue;
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    const wrong = values.findIndex((candidate) => !isActorDefinition(candidate));
    if (wrong >= 0) {
      const which = Array.isArray(value) ? `item ${wrong} of export '${name}'` : `export '${name}'`;
      return { ok: false, problem: `${which} is not an actor definition (made with defineActor)` };
    }
    definitions.push(...(values as AnyActorDefinition[]));
  }
  if (definitions.length === 0) return { ok: false, problem: 'it exports no actor definition' };
  return { ok: true, definitions };
}

/**
 * Why an actor's configuration schema does not describe itself, or undefined when it does: it must be an object
 * whose every field has a description, which the catalogue, the IDE forms and the FBP tools show.
 */
export function undescribedConfig(definition: AnyActorDefinition): string | undefined {
  let schema: Record<string, unknown>;
  try {
    schema = jsonSchemaOf(definition.config);
  } catch (error) {
    return `actor '${definition.id}': its config schema cannot be described (${(error as Error).message})`;
  }
  if (schema.type !== 'object') return `actor '${definition.id}': its config schema is not an object (z.object({...}))`;
  const fields = isRecord(schema.properties) ? schema.properties : {};
  for (const [key, field] of Object.entries(fields)) {
    const description = isRecord(field) ? field.description : undefined;
    if (typeof description !== 'string' || description.trim() === '') {
      return `actor '${definition.id}': config field '${key}' has no description (use a field helper or .describe('...'))`;
    }
  }
  return undefined;
}
