import { z } from 'zod';
import { ConfigError } from './config-error';
import { type JsonValue, toJsonValue } from './json-value';
import { conditionalRules } from './required-when';
import { baseTypeOf, defaultOf, descriptionOf, layersOf, objectShapeOf } from './zod-shape';

/**
 * The kind of value a field holds: the spec's Number, Boolean and String, plus Json for arrays, objects and
 * mixed unions, which the spec's three kinds cannot name.
 */
export const ConfigTypeSchema = z.enum(['Number', 'Boolean', 'String', 'Json']);

/** The kind of value a field holds. */
export type ConfigType = z.infer<typeof ConfigTypeSchema>;

/** The spec's ConfigField: one field of an actor's configuration schema, as a catalogue shows it. */
export const ConfigFieldSchema = z.object({
  name: z.string().describe('The key.'),
  configType: ConfigTypeSchema.describe('The kind of value.'),
  required: z.boolean().describe('Whether the key must be present (it has no default and is not optional).'),
  defaultValue: z.custom<JsonValue>().optional().describe('The value used when the key is absent.'),
  description: z.string().optional().describe('What the field is for, from the schema\'s `.describe()`.'),
  validation: z.string().optional().describe('The rule text, such as "min 1, max 1000" or "one of a|b".'),
});

/** One field of an actor's configuration schema. */
export type ConfigField = z.infer<typeof ConfigFieldSchema>;

function kindOf(base: z.ZodTypeAny): ConfigType {
  if (base instanceof z.ZodNumber || base instanceof z.ZodBigInt) return 'Number';
  if (base instanceof z.ZodBoolean) return 'Boolean';
  if (base instanceof z.ZodString || base instanceof z.ZodEnum || base instanceof z.ZodDate) return 'String';
  if (base instanceof z.ZodNativeEnum) {
    return Object.values(base.enum as Record<string, unknown>).every((v) => typeof v === 'string') ? 'String' : 'Json';
  }
  if (base instanceof z.ZodLiteral) {
    const value: unknown = base.value;
    if (typeof value === 'number') return 'Number';
    if (typeof value === 'boolean') return 'Boolean';
    return typeof value === 'string' ? 'String' : 'Json';
  }
  if (base instanceof z.ZodUnion) {
    const kinds = new Set((base.options as z.ZodTypeAny[]).map((option) => kindOf(baseTypeOf(option))));
    return kinds.size === 1 ? [...kinds][0] : 'Json';
  }
  return 'Json';
}

function numberRule(check: { kind: string; value?: number | bigint; inclusive?: boolean }): string {
  const { kind, value, inclusive } = check;
  if (kind === 'int') return 'integer';
  if (kind === 'finite') return 'finite';
  if (kind === 'multipleOf') return `multiple of ${value}`;
  if (kind === 'min') return inclusive ? `min ${value}` : Number(value) === 0 ? 'positive' : `greater than ${value}`;
  if (kind === 'max') return inclusive ? `max ${value}` : Number(value) === 0 ? 'negative' : `less than ${value}`;
  return kind;
}

function stringRule(check: z.ZodStringCheck): string {
  switch (check.kind) {
    case 'min':
      return check.value === 1 ? 'non-empty' : `min length ${check.value}`;
    case 'max':
      return `max length ${check.value}`;
    case 'length':
      return `length ${check.value}`;
    case 'regex':
      return `pattern ${check.regex.toString()}`;
    case 'startsWith':
      return `starts with "${check.value}"`;
    case 'endsWith':
      return `ends with "${check.value}"`;
    case 'includes':
      return `includes "${check.value}"`;
    case 'datetime':
      return 'ISO 8601 date-time';
    default:
      return check.kind;
  }
}

function ruleOf(base: z.ZodTypeAny): string | undefined {
  let rules: string[] = [];
  if (base instanceof z.ZodNumber || base instanceof z.ZodBigInt) rules = base._def.checks.map(numberRule);
  else if (base instanceof z.ZodString) rules = base._def.checks.map(stringRule);
  else if (base instanceof z.ZodEnum) rules = [`one of ${(base.options as string[]).join('|')}`];
  else if (base instanceof z.ZodLiteral) rules = [`equals ${JSON.stringify(base.value)}`];
  else if (base instanceof z.ZodArray) {
    const { minLength, maxLength } = base._def;
    if (minLength) rules.push(`min items ${minLength.value}`);
    if (maxLength) rules.push(`max items ${maxLength.value}`);
  }
  return rules.length === 0 ? undefined : rules.join(', ');
}

function jsonDefault(type: z.ZodTypeAny): JsonValue | undefined {
  const found = defaultOf(type);
  if (!found.found) return undefined;
  try {
    return toJsonValue(found.value, 'VALIDATION');
  } catch {
    return undefined;
  }
}

/**
 * Describes each field of a zod object schema (refinements such as `superRefine` are looked through) as a
 * {@link ConfigField}: its kind, whether it is required, its default, its `.describe()` text and its rules
 * (including "required when <flag> is true" from a {@link requiredWhen} refinement).
 * Throws `VALIDATION` for a schema that is not an object.
 *
 * @example
 * configFields(z.object({ batch_size: z.number().int().min(1).max(1000).default(10).describe('Items per batch') }));
 * // [{ name: 'batch_size', configType: 'Number', required: false, defaultValue: 10,
 * //    description: 'Items per batch', validation: 'integer, min 1, max 1000' }]
 */
export function configFields(schema: z.ZodTypeAny): ConfigField[] {
  const shape = objectShapeOf(schema);
  if (shape === undefined) throw new ConfigError('VALIDATION', 'configFields needs a zod object schema');
  const refinements = layersOf(schema).flatMap((layer) => (layer instanceof z.ZodEffects && layer._def.effect.type === 'refinement' ? [layer._def.effect.refinement] : []));
  const conditional = conditionalRules(refinements);
  return Object.entries(shape).map(([name, type]) => {
    const base = baseTypeOf(type);
    const field: ConfigField = { name, configType: kindOf(base), required: !type.safeParse(undefined).success };
    const defaultValue = jsonDefault(type);
    if (defaultValue !== undefined) field.defaultValue = defaultValue;
    const description = descriptionOf(type);
    if (description !== undefined) field.description = description;
    const validation = [ruleOf(base), conditional.get(name)].filter((rule) => rule !== undefined).join(', ');
    if (validation !== '') field.validation = validation;
    return field;
  });
}
