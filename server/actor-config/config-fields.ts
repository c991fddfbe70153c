import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { ConfigError } from './config-error';
import { type JsonValue, toJsonValue } from './json-value';
import { conditionalRules } from './required-when';
import { layersOf } from './zod-shape';

/**
 * The kind of value a field holds: the spec's Number, Boolean and String, plus Json for arrays, objects and
 * mixed unions, which the spec's three kinds cannot name.
 */
const ConfigTypeSchema = z.enum(['Number', 'Boolean', 'String', 'Json']);

/** The kind of value a field holds. */
type ConfigType = z.infer<typeof ConfigTypeSchema>;

/** The spec's ConfigField: one field of an actor's configuration schema, as a catalogue shows it. */
export const ConfigFieldSchema = z.object({
  name: z.string().describe('The key.'),
  configType: ConfigTypeSchema.describe('The kind of value.'),
  required: z.boolean().describe('Whether the key must be present (it has no default and is not optional).'),
  defaultValue: z.custom<JsonValue>().optional().describe('The value used when the key is absent.'),
  description: z.string().optional().describe("What the field is for, from the schema's `.describe()`."),
  validation: z.string().optional().describe('The rule text, such as "min 1, max 1000" or "one of a|b".'),
});

/** One field of an actor's configuration schema. */
export type ConfigField = z.infer<typeof ConfigFieldSchema>;

/** A JSON Schema as zod-to-json-schema writes it (draft 7), read loosely. */
type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema (draft 7) of a zod schema, its defaults included: the one conversion the service uses
 * for configurations, whether it lists their fields or serves them to a frontend.
 */
export function jsonSchemaOf(schema: z.ZodTypeAny): JsonSchema {
  return zodToJsonSchema(schema, { target: 'jsonSchema7', $refStrategy: 'none', removeAdditionalStrategy: 'strict' }) as JsonSchema;
}

function typesOf(field: JsonSchema): string[] {
  const declared = field.type;
  if (typeof declared === 'string') return [declared];
  if (Array.isArray(declared)) return declared.filter((type): type is string => typeof type === 'string');
  const options = (field.anyOf ?? field.oneOf) as JsonSchema[] | undefined;
  return options ? options.flatMap(typesOf) : [];
}

const KIND_OF_TYPE: Readonly<Record<string, ConfigType>> = { number: 'Number', integer: 'Number', boolean: 'Boolean', string: 'String' };

function kindOf(field: JsonSchema): ConfigType {
  const kinds = new Set(
    typesOf(field)
      .filter((type) => type !== 'null')
      .map((type) => KIND_OF_TYPE[type] ?? 'Json'),
  );
  return kinds.size === 1 ? [...kinds][0] : 'Json';
}

const FORMAT_RULES: Readonly<Record<string, string>> = { uri: 'url', 'date-time': 'ISO 8601 date-time' };

function ruleOf(field: JsonSchema): string | undefined {
  const rules: string[] = [];
  const number = (key: string) => (typeof field[key] === 'number' ? (field[key] as number) : undefined);
  if (typesOf(field).includes('integer')) rules.push('integer');
  const exclusiveMinimum = number('exclusiveMinimum');
  if (exclusiveMinimum !== undefined) rules.push(exclusiveMinimum === 0 ? 'positive' : `greater than ${exclusiveMinimum}`);
  if (number('minimum') !== undefined) rules.push(`min ${number('minimum')}`);
  const exclusiveMaximum = number('exclusiveMaximum');
  if (exclusiveMaximum !== undefined) rules.push(exclusiveMaximum === 0 ? 'negative' : `less than ${exclusiveMaximum}`);
  if (number('maximum') !== undefined) rules.push(`max ${number('maximum')}`);
  if (number('multipleOf') !== undefined) rules.push(`multiple of ${number('multipleOf')}`);
  if (typeof field.format === 'string') rules.push(FORMAT_RULES[field.format] ?? field.format);
  if (typeof field.pattern === 'string') rules.push(`pattern /${field.pattern}/`);
  if (number('minLength') !== undefined) rules.push(number('minLength') === 1 ? 'non-empty' : `min length ${number('minLength')}`);
  if (number('maxLength') !== undefined) rules.push(`max length ${number('maxLength')}`);
  if (Array.isArray(field.enum)) rules.push(`one of ${field.enum.join('|')}`);
  if ('const' in field) rules.push(`equals ${JSON.stringify(field.const)}`);
  if (number('minItems') !== undefined) rules.push(`min items ${number('minItems')}`);
  if (number('maxItems') !== undefined) rules.push(`max items ${number('maxItems')}`);
  return rules.length === 0 ? undefined : rules.join(', ');
}

function jsonDefault(field: JsonSchema): JsonValue | undefined {
  if (!('default' in field)) return undefined;
  try {
    return toJsonValue(field.default, 'VALIDATION');
  } catch {
    return undefined;
  }
}

/**
 * Describes each field of a zod object schema, read from its JSON Schema (refinements such as `superRefine`
 * are looked through), as a {@link ConfigField}: its kind, whether it is required, its default, its `.describe()` text and its rules
 * (including "required when <flag> is true" from a {@link requiredWhen} refinement).
 * Throws `VALIDATION` for a schema that is not an object.
 *
 * @example
 * configFields(z.object({ batch_size: z.number().int().min(1).max(1000).default(10).describe('Items per batch') }));
 * // [{ name: 'batch_size', configType: 'Number', required: false, defaultValue: 10,
 * //    description: 'Items per batch', validation: 'integer, min 1, max 1000' }]
 */
export function configFields(schema: z.ZodTypeAny): ConfigField[] {
  const json = jsonSchemaOf(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type !== 'object' || properties === undefined) throw new ConfigError('VALIDATION', 'configFields needs a zod object schema');
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  const refinements = layersOf(schema).flatMap((layer) =>
    layer instanceof z.ZodEffects && layer._def.effect.type === 'refinement' ? [layer._def.effect.refinement] : [],
  );
  const conditional = conditionalRules(refinements);
  return Object.entries(properties).map(([name, property]) => {
    const field: ConfigField = { name, configType: kindOf(property), required: required.has(name) };
    const defaultValue = jsonDefault(property);
    if (defaultValue !== undefined) field.defaultValue = defaultValue;
    if (typeof property.description === 'string') field.description = property.description;
    const validation = [ruleOf(property), conditional.get(name)].filter((rule) => rule !== undefined).join(', ');
    if (validation !== '') field.validation = validation;
    return field;
  });
}
