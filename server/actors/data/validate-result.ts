import { type JsonValue, errorMessage, isJsonObject } from '../../engine';
import { type FailureLog } from './failure-policy';
import { type JsonSchemaChecker, type SchemaCheck } from './json-schema-check';

/**
 * Validates a transformer result against the schema of `schema-in`. A list is validated item by item unless the
 * schema describes an array (`type: "array"` or `items`); an invalid item's fate follows `errorHandling`, like
 * any failing item. Returns the value to emit, or `undefined` when nothing is left to emit.
 */
export function validateResult(checker: JsonSchemaChecker, schema: JsonValue, value: JsonValue, failures: FailureLog): JsonValue | undefined {
  const site = { operation: 'validation' as const };
  let check: (value: JsonValue) => SchemaCheck;
  try {
    check = checker.validator(schema);
  } catch (error) {
    failures.operationFailed(site, errorMessage(error));
    return value;
  }
  if (!Array.isArray(value) || describesArray(schema)) {
    const outcome = check(value);
    if (outcome.ok) return value;
    return failures.itemFailed(site, `Result does not match the schema: ${outcome.violations.map((v) => v.message).join('; ')}`) === 'keep' ? value : undefined;
  }
  return value.filter((item, index) => {
    const outcome = check(item);
    if (outcome.ok) return true;
    const message = `Item ${index} does not match the schema: ${outcome.violations.map((v) => v.message).join('; ')}`;
    return failures.itemFailed({ ...site, index }, message) === 'keep';
  });
}

function describesArray(schema: JsonValue): boolean {
  if (!isJsonObject(schema)) return false;
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || schema.items !== undefined;
}
