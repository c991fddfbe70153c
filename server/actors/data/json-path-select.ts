import { JSONPath } from 'jsonpath-plus';
import { type JsonValue, errorMessage } from '../../engine';

/** The outcome of a JSONPath selection. */
export type JsonPathOutcome = { ok: true; value: JsonValue } | { ok: false; message: string };

/**
 * Selects with a JSONPath (jsonpath-plus, filter scripts in its safe evaluator; a missing leading `$` is added).
 * A definite path (names and indexes only, such as `$.order.items[0]`) yields its value and fails when nothing is
 * there; any other path (wildcards, `..`, filters, slices, unions) yields the array of its matches, possibly empty.
 */
export function selectJsonPath(value: JsonValue, path: string): JsonPathOutcome {
  const expression = path.trim().startsWith('$') ? path.trim() : `$.${path.trim().replace(/^\./, '')}`;
  let matches: JsonValue[];
  try {
    matches = JSONPath({ path: expression, json: value, wrap: true, eval: 'safe' }) as JsonValue[];
  } catch (error) {
    return { ok: false, message: `jsonPath '${path}' failed: ${errorMessage(error).replace(/^jsonPath: /, '')}` };
  }
  if (!isDefinite(expression)) return { ok: true, value: matches ?? [] };
  if (matches === undefined || matches.length === 0) return { ok: false, message: `jsonPath '${path}' matched nothing` };
  return { ok: true, value: matches[0] };
}

function isDefinite(expression: string): boolean {
  return JSONPath.toPathArray(expression).every((segment) => segment === '$' || (segment !== '..' && /^[^*?(),:@^~]+$/.test(segment)));
}
