import { ConfigError } from './config-error';
import { coerceText } from './coerce-text';
import { type JsonObject, setKey } from './json-value';

/** An environment to read variables from, shaped like `process.env`. */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/**
 * Reads the variables named `<PREFIX>_<KEY>` into an object keyed by the lower-case `<KEY>`, each value
 * read with {@link coerceText}. The prefix is matched in upper case and a trailing `_` in it is optional.
 *
 * @example
 * readEnvironment('PROCESSOR', { PROCESSOR_BATCH_SIZE: '100' }); // { batch_size: 100 }
 */
export function readEnvironment(prefix: string, env: EnvironmentVariables = process.env): JsonObject {
  const stem = prefix.replace(/_+$/, '').toUpperCase();
  if (stem === '') throw new ConfigError('VALIDATION', 'The environment prefix must not be empty');
  const head = `${stem}_`;
  const values: JsonObject = {};
  for (const [name, text] of Object.entries(env)) {
    if (text === undefined || !name.startsWith(head) || name.length === head.length) continue;
    setKey(values, name.slice(head.length).toLowerCase(), coerceText(text));
  }
  return values;
}
