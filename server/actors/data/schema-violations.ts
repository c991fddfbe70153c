import { type JsonValue } from '../../engine';
import { runHeavy } from '../heavy-work';

/**
 * Checks one value against a JSON Schema on a worker thread (a schema's patterns are user input and may
 * backtrack): undefined when it matches, else each violation as a sentence.
 */
export async function schemaViolations(schema: JsonValue, value: JsonValue, signal?: AbortSignal): Promise<string[] | undefined> {
  const [outcome] = await runHeavy('schemaCheck', { schema, values: [value] }, { signal });
  return outcome.ok ? undefined : outcome.violations.map((violation) => violation.message);
}
