import { ConfigError } from './config-error';
import { type JsonObject, type JsonValue, isJsonObject, isPlainObject, jsonEqual, setKey } from './json-value';

/** What a resolved secret is shown as outside the actor (JSON, logs, `inspect`). */
const REDACTED = '[REDACTED]';

/** A secret name: letters, digits, `_`, `.` and `-`, not starting with `.` or `-`, so it can name a file safely. */
const SECRET_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

const REFERENCE = /\$\{secret:([^}]*)\}/g;
const MARKER = '${secret:';

/** Finds the value of a secret by name; `undefined` when it has none. */
export type SecretLookup = (name: string) => string | undefined;

/** How a key that holds resolved secrets is shown: as written (references) and redacted. */
export interface SecretViews {
  /** The value as written, with its `${secret:NAME}` references. */
  readonly reference: JsonValue;
  /** The value with each resolved reference replaced by {@link REDACTED}. */
  readonly redacted: JsonValue;
}

/** Throws `INVALID_SECRET_NAME` unless the name matches {@link SECRET_NAME_PATTERN}. */
export function assertSecretName(name: string, key?: string): void {
  if (!SECRET_NAME_PATTERN.test(name)) {
    const where = key === undefined ? '' : ` in key '${key}'`;
    throw new ConfigError('INVALID_SECRET_NAME', `Invalid secret name '${name}'${where}: use letters, digits, '_', '.' or '-'`, { key });
  }
}

/** Adds the name of every `${secret:NAME}` reference inside a value to `names`. */
export function collectSecretNames(value: JsonValue, names: Set<string>): void {
  if (typeof value === 'string') {
    if (value.includes(MARKER)) for (const match of value.matchAll(REFERENCE)) names.add(match[1]);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectSecretNames(item, names);
  }
}

/** Deeper values are left to the full resolution, which also finds cycles. */
const MAX_PLAIN_DEPTH = 64;

/**
 * Whether a value is JSON that resolution would hand back unchanged: plain objects, arrays, finite numbers,
 * booleans, null and strings, none holding a `${secret:NAME}` reference and no property undefined.
 */
export function isPlainWithoutReference(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return !value.includes(MARKER);
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth > MAX_PLAIN_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlainWithoutReference(value[i], depth + 1)) return false;
    return true;
  }
  if (!isPlainObject(value)) return false;
  for (const item of Object.values(value)) if (!isPlainWithoutReference(item, depth + 1)) return false;
  return true;
}

type Triple = [value: JsonValue, reference: JsonValue, redacted: JsonValue];

function pathOf(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`;
}

function walk(value: JsonValue, reference: JsonValue, redacted: JsonValue, path: string, topKey: string, lookup: SecretLookup): Triple {
  if (typeof value === 'string') {
    // A spot already resolved holds the secret itself, which must never be read as a reference.
    if (redacted !== value || !value.includes(MARKER)) return [value, reference, redacted];
    const resolved = value.replace(REFERENCE, (match, name: string) => {
      assertSecretName(name, path);
      const secret = lookup(name);
      if (secret === undefined) {
        throw new ConfigError('SECRET_UNRESOLVED', `Secret reference '${match}' in key '${path}' cannot be resolved`, { key: topKey });
      }
      return secret;
    });
    return [resolved, value, value.replace(REFERENCE, REDACTED)];
  }
  if (Array.isArray(value)) {
    const refs = Array.isArray(reference) && reference.length === value.length ? reference : value;
    const reds = Array.isArray(redacted) && redacted.length === value.length ? redacted : value;
    const triples = value.map((item, i) => walk(item, refs[i], reds[i], pathOf(path, i), topKey, lookup));
    return [triples.map((t) => t[0]), triples.map((t) => t[1]), triples.map((t) => t[2])];
  }
  if (isJsonObject(value)) {
    const refs = isJsonObject(reference) ? reference : value;
    const reds = isJsonObject(redacted) ? redacted : value;
    const out: [JsonObject, JsonObject, JsonObject] = [{}, {}, {}];
    for (const [key, item] of Object.entries(value)) {
      const triple = walk(item, Object.hasOwn(refs, key) ? refs[key] : item, Object.hasOwn(reds, key) ? reds[key] : item, pathOf(path, key), topKey, lookup);
      triple.forEach((part, i) => setKey(out[i], key, part));
    }
    return out;
  }
  return [value, reference, redacted];
}

/**
 * Resolves every `${secret:NAME}` reference inside one top-level value (whole strings and references
 * embedded in longer strings, at any depth), keeping how it was written and a redacted form. Throws
 * `SECRET_UNRESOLVED` or `INVALID_SECRET_NAME` naming the reference and the key.
 */
export function resolveSecretsInValue(
  key: string,
  value: JsonValue,
  views: SecretViews | undefined,
  lookup: SecretLookup,
): { value: JsonValue; views: SecretViews | undefined } {
  const [resolved, reference, redacted] = walk(value, views?.reference ?? value, views?.redacted ?? value, key, key, lookup);
  return { value: resolved, views: jsonEqual(redacted, resolved) ? undefined : { reference, redacted } };
}
