import { type JsonValue, errorMessage, isJsonObject } from '../../engine';
import { runHeavy } from '../heavy-work';
import { type FailureLog } from './failure-policy';
import { type SchemaCheck } from './json-schema-check';

/**
 * Validates a transformer result against the schema of `schema-in`, on a worker thread (a schema's patterns
 * are user input and may backtrack). A list is validated item by item unless the schema describes an array
 * (`type: "array"` or `items`); an invalid item's fate follows `errorHandling`, like any failing item. Returns
 * the value to emit, or `undefined` when nothing is left to emit.
 */
export async function validateResult(schema: JsonValue, value: JsonValue, failures: FailureLog, signal?: AbortSignal): Promise<JsonValue | undefined> {
  const site = { operation: 'validation' as const };
  const itemByItem = Array.isArray(value) && !describesArray(schema);
  let checks: SchemaCheck[];
  try {
    checks = await runHeavy('schemaCheck', { schema, values: itemByItem ? value : [value] }, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    failures.operationFailed(site, errorMessage(error));
    return value;
  }
  if (!itemByItem) {
    const [outcome] = checks;
    if (outcome.ok) return value;
    return failures.itemFailed(site, `Result does not match the schema: ${violationText(outcome)}`) === 'keep' ? value : undefined;
  }
  return value.filter((_item, index) => {
    const outcome = checks[index];
    if (outcome.ok) return true;
    return failures.itemFailed({ ...site, index }, `Item ${index} does not match the schema: ${violationText(outcome)}`) === 'keep';
  });
}

function violationText(outcome: Exclude<SchemaCheck, { ok: true }>): string {
  return outcome.violations.map((v) => v.message).join('; ');
}

function describesArray(schema: JsonValue): boolean {
  if (!isJsonObject(schema)) return false;
  const type = schema.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || schema.items !== undefined;
}
