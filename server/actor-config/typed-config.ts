import { z } from 'zod';
import { type ConfigIssue, ConfigError } from './config-error';
import { type JsonObject, type JsonValue, setKey } from './json-value';
import { isTextType, objectShapeOf } from './zod-shape';

/** The outcome of checking a configuration against a schema: the parsed value, or one message naming each failing key. */
export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; error: string; issues: ConfigIssue[] };

function bound(issue: { type: string; inclusive: boolean; exact?: boolean }, value: unknown, least: boolean): string {
  const side = least ? 'least' : 'most';
  if (issue.type === 'string') {
    if (least && Number(value) === 1 && !issue.exact) return 'must not be empty';
    return issue.exact ? `must be exactly ${value} characters long` : `must be at ${side} ${value} characters long`;
  }
  if (issue.type === 'array' || issue.type === 'set') return `must have at ${side} ${value} items`;
  if (!issue.inclusive) return `must be ${least ? 'greater' : 'less'} than ${value}`;
  return `must be at ${side} ${value}`;
}

function isMissing(issue: z.ZodIssue): boolean {
  if (issue.code === z.ZodIssueCode.invalid_type) return issue.received === 'undefined';
  return issue.code === z.ZodIssueCode.custom && issue.params?.missing === true;
}

function sentence(issue: z.ZodIssue, key: string): string {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      return isMissing(issue) ? `${key} is required` : `${key} must be ${issue.expected === 'array' ? 'an' : 'a'} ${issue.expected} (got ${issue.received})`;
    case z.ZodIssueCode.too_small:
      return `${key} ${bound(issue, issue.minimum, true)}`;
    case z.ZodIssueCode.too_big:
      return `${key} ${bound(issue, issue.maximum, false)}`;
    case z.ZodIssueCode.invalid_enum_value:
      return `${key} must be one of ${issue.options.join('|')} (got ${JSON.stringify(issue.received)})`;
    case z.ZodIssueCode.custom:
      return key !== '' && issue.message.includes(key) ? issue.message : `${key}: ${issue.message}`;
    default:
      return `${key}: ${issue.message}`;
  }
}

/** Turns zod's issues into one {@link ConfigIssue} per failing key, each message naming the key. */
function toConfigIssues(error: z.ZodError): ConfigIssue[] {
  return error.issues.flatMap((issue) => {
    const key = issue.path.join('.');
    if (issue.code === z.ZodIssueCode.unrecognized_keys) {
      return issue.keys.map((name) => {
        const full = key === '' ? name : `${key}.${name}`;
        return { key: full, message: `${full} is not a known key` };
      });
    }
    return [{ key, message: sentence(issue, key === '' ? 'the configuration' : key) }];
  });
}

/**
 * Hands a text field a number or a boolean as its text, because environment variables and command-line
 * values are read as numbers and booleans before the schema is known (`ENGINE_NODE_ID=42`).
 */
function textFriendly(values: JsonObject, schema: z.ZodTypeAny): JsonObject {
  const shape = objectShapeOf(schema);
  if (shape === undefined) return values;
  let input = values;
  for (const [key, type] of Object.entries(shape)) {
    const value: JsonValue | undefined = Object.hasOwn(values, key) ? values[key] : undefined;
    if ((typeof value === 'number' || typeof value === 'boolean') && isTextType(type)) {
      if (input === values) input = { ...values };
      setKey(input, key, String(value));
    }
  }
  return input;
}

type Checked<T> = ValidationOutcome<T> & { allMissing?: boolean };

function check<T>(values: JsonObject, schema: z.ZodType<T, z.ZodTypeDef, unknown>): Checked<T> {
  const result = schema.safeParse(textFriendly(values, schema));
  if (result.success) return { ok: true, value: result.data };
  const issues = toConfigIssues(result.error);
  const error = `Invalid configuration: ${issues.map((issue) => issue.message).join('; ')}`;
  return { ok: false, error, issues, allMissing: result.error.issues.every(isMissing) };
}

/** Checks configuration values against a schema, never throwing. */
export function validateValues<T>(values: JsonObject, schema: z.ZodType<T, z.ZodTypeDef, unknown>): ValidationOutcome<T> {
  const outcome = check(values, schema);
  return outcome.ok ? { ok: true, value: outcome.value } : { ok: false, error: outcome.error, issues: outcome.issues };
}

/**
 * Parses configuration values into a schema's type (defaults applied), or throws a {@link ConfigError}
 * listing each failing key: `MISSING_REQUIRED` when every failure is a missing key, `VALIDATION` otherwise.
 */
export function parseTypedValues<T>(values: JsonObject, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T {
  const outcome = check(values, schema);
  if (outcome.ok) return outcome.value;
  const code = outcome.allMissing === true ? 'MISSING_REQUIRED' : 'VALIDATION';
  throw new ConfigError(code, outcome.error, { key: outcome.issues[0]?.key, issues: outcome.issues });
}
