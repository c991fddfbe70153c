import { z } from 'zod';
import { ServerConfigSchema } from './server-config';

/** The prefix of the environment variables that configure the server (`ENGINE_PORT`, ...). */
export const ENV_PREFIX = 'ENGINE';

/** What `--help` says of one key: the values it takes and its default. */
interface KeyFacts {
  allowed: string;
  defaultValue: string;
}

// Looks through the wrappers a field may have (default, optional, preprocess) to the schema of its values.
function unwrap(schema: z.ZodTypeAny): { inner: z.ZodTypeAny; defaultOf?: () => unknown } {
  if (schema instanceof z.ZodDefault) return { inner: unwrap(schema.removeDefault()).inner, defaultOf: schema._def.defaultValue };
  if (schema instanceof z.ZodOptional) return unwrap(schema.unwrap());
  if (schema instanceof z.ZodEffects) return unwrap(schema.innerType());
  return { inner: schema };
}

function allowedValues(schema: z.ZodTypeAny): string {
  if (schema instanceof z.ZodEnum) return (schema.options as string[]).join(' | ');
  if (schema instanceof z.ZodBoolean) return 'true | false';
  if (schema instanceof z.ZodNumber) {
    const { minValue, maxValue, isInt } = schema;
    const kind = isInt ? 'integer' : 'number';
    if (minValue !== null && maxValue !== null) return `${kind} ${minValue}..${maxValue}`;
    if (minValue !== null) return schema._def.checks.some((c) => c.kind === 'min' && !c.inclusive) ? `${kind} > ${minValue}` : `${kind} >= ${minValue}`;
    return kind;
  }
  if (schema instanceof z.ZodString) return schema.isURL ? 'URL' : 'text';
  if (schema instanceof z.ZodArray) return 'comma-separated list';
  if (schema instanceof z.ZodObject || schema instanceof z.ZodRecord) return 'JSON object';
  return 'value';
}

function shown(value: unknown): string {
  if (value === undefined) return 'unset';
  if (Array.isArray(value) && value.length === 0) return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The allowed values and the default of a key, read from its schema. */
function factsOf(schema: z.ZodTypeAny): KeyFacts {
  const { inner, defaultOf } = unwrap(schema);
  if (defaultOf === undefined) return { allowed: allowedValues(inner), defaultValue: 'unset' };
  // A default made afresh at each start (node_id) differs between two calls: its description tells its form.
  const first = shown(defaultOf());
  return { allowed: allowedValues(inner), defaultValue: first === shown(defaultOf()) ? first : 'generated' };
}

/** The usage text: every option with its flag, environment variable, allowed values, default and meaning. */
export function usage(): string {
  const entries = Object.entries(ServerConfigSchema.shape).map(([key, schema]) => {
    const { allowed, defaultValue } = factsOf(schema as z.ZodTypeAny);
    const flag = `--${key.replace(/_/g, '-')}`;
    const variable = `${ENV_PREFIX}_${key.toUpperCase()}`;
    return [`  ${flag} <${allowed}>   ${variable}   default: ${defaultValue}`, `      ${schema.description ?? ''}`].join('\n');
  });
  return [
    'Usage: npm start -- [options]',
    '',
    'Each option is also an environment variable and a key of the config file (--config); flags win over',
    'variables, variables over the file, the file over the defaults. Booleans also read --name / --no-name.',
    '',
    ...entries,
  ].join('\n');
}
