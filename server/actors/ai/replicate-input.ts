import { ActorError, type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { readFieldPath } from '../shared';

// `$input` alone, or followed by a dotted path such as `$input.text` or `$input.items[0]`.
const REFERENCE = /\$input((?:\.[\w-]+|\[\d+\])*)/g;
const WHOLE_REFERENCE = /^\s*\$input((?:\.[\w-]+|\[\d+\])*)\s*$/;

function valueAt(input: JsonValue | undefined, path: string): JsonValue {
  const found = readFieldPath(input ?? null, path.replace(/^\./, ''));
  if (!found.found) throw new ActorError(`config 'inputMapping' refers to $input${path}, which input-in does not have`, { reference: `$input${path}` });
  return found.value;
}

function fill(template: JsonValue, input: JsonValue | undefined): JsonValue {
  if (typeof template === 'string') {
    const whole = WHOLE_REFERENCE.exec(template);
    if (whole) return valueAt(input, whole[1]);
    return template.replace(REFERENCE, (_match, path: string) => {
      const value = valueAt(input, path);
      return typeof value === 'string' ? value : JSON.stringify(value);
    });
  }
  if (Array.isArray(template)) return template.map((item) => fill(item, input));
  if (isJsonObject(template)) return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value, input)]));
  return template;
}

/** Reads the `inputMapping` setting: a JSON object (or nothing). */
export function parseInputMapping(text: string | undefined): JsonObject | undefined {
  if (text === undefined) return undefined;
  const parsed = JSON.parse(text) as JsonValue;
  if (!isJsonObject(parsed)) throw new Error('is not a JSON object');
  return parsed;
}

/**
 * The input of a prediction. With a mapping, each string of it that is `$input` or `$input.path` becomes that
 * value of `input-in`, and such references inside longer strings become their text; without one, an object on
 * `input-in` is the input as it is and any other value is `{prompt: value}`. The object on `config-in` is
 * laid over the result (model parameters kept for every later input).
 */
export function predictionInput(mapping: JsonObject | undefined, input: JsonValue | undefined, overrides: JsonObject): JsonObject {
  let base: JsonObject;
  if (mapping !== undefined) base = fill(mapping, input) as JsonObject;
  else if (isJsonObject(input)) base = input;
  else base = input === undefined || input === null ? {} : { prompt: input };
  return { ...base, ...overrides };
}
