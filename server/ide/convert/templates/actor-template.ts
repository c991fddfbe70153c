import { jsonSchemaOf } from '../../../actor-config';
import { type AnyActorDefinition, type IdeFacts, type JsonValue } from '../../../engine';
import { ACTOR_IDE_FACTS } from './actor-ide-facts';
import { type IdePropertyType, type IdeTemplate, type IdeTemplateProperty, IdePropertyTypeSchema } from './ide-template';

type JsonSchema = { [key: string]: unknown };

// The editor the IDE uses for a field whose schema says enough: its JSON type.
function editorOf(field: JsonSchema): { type: IdePropertyType; multiple?: true } {
  const choices = (candidate: JsonSchema) => candidate.type === 'array' && Array.isArray((candidate.items as JsonSchema | undefined)?.enum);
  if (choices(field) || ((field.anyOf ?? []) as JsonSchema[]).some(choices)) return { type: 'select', multiple: true };
  if (Array.isArray(field.enum)) return { type: 'select' };
  if (field.type === 'boolean') return { type: 'boolean' };
  if (field.type === 'number' || field.type === 'integer') return { type: 'number' };
  return { type: 'text' };
}

// Structured editors start empty in the IDE, whatever this service assumes when the key is unset.
const STRUCTURED_EDITORS: readonly IdePropertyType[] = ['rules', 'dataOperations'];

function propertyOf(field: JsonSchema, required: boolean, editor: string | undefined): IdeTemplateProperty {
  const read = editorOf(field);
  const type = editor === undefined ? read.type : IdePropertyTypeSchema.parse(editor);
  return {
    type,
    required,
    ...(read.multiple && editor === undefined ? { multiple: true } : {}),
    ...('default' in field && !STRUCTURED_EDITORS.includes(type) ? { defaultValue: field.default as JsonValue } : {}),
  };
}

/** What the IDE knows of an actor, or undefined when the actor implements no IDE template. */
export function ideFactsOf(actorId: string): IdeFacts | undefined {
  return Object.hasOwn(ACTOR_IDE_FACTS, actorId) ? ACTOR_IDE_FACTS[actorId] : undefined;
}

/**
 * The IDE template an actor implements, generated from the actor: ports from its ports, properties with
 * their editor, required flag and default from its config schema, the rest from its entry in
 * {@link ACTOR_IDE_FACTS} or the facts its definition carries. Undefined for an actor that implements no template.
 */
export function actorTemplate(definition: AnyActorDefinition): IdeTemplate | undefined {
  const ide = ideFactsOf(definition.id) ?? definition.ide;
  return ide === undefined ? undefined : templateOf(definition, ide);
}

/**
 * The IDE template of an actor of a package: generated like a built-in's, from the facts its definition carries,
 * else with a type named after its library (`acme` for `acme/greet`), else `custom`.
 */
export function packageActorTemplate(definition: AnyActorDefinition): IdeTemplate {
  const library = definition.id.includes('/') ? definition.id.slice(0, definition.id.indexOf('/')) : '';
  return templateOf(definition, definition.ide ?? { type: library === '' ? 'custom' : library });
}

function templateOf(definition: AnyActorDefinition, ide: IdeFacts): IdeTemplate {
  const schema = jsonSchemaOf(definition.config);
  const fields = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const own = new Set(ide.ownKeys ?? []);
  for (const key of ide.requiredKeys ?? []) required.add(key);
  const properties: Record<string, IdeTemplateProperty> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (!own.has(key)) properties[key] = propertyOf(field, required.has(key), ide.editors?.[key]);
  }
  return {
    id: definition.id,
    type: ide.type,
    title: definition.title ?? definition.id,
    inputs: Object.keys(definition.inports),
    outputs: Object.keys(definition.outports),
    properties,
    requiredEnvVars: [...(ide.requiredEnvVars ?? [])],
  };
}
