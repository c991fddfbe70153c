import { type JsonObject, type JsonValue, isJsonObject, joinPath } from '../../model';
import { type ConfigErrorCode, ConfigError } from './config-error';

export { type JsonObject, type JsonValue, isJsonObject };

/** Sets a key on a JSON object, also `__proto__`, which plain assignment would treat as the prototype. */
export function setKey(object: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

function describePath(path: string): string {
  return path === '' ? 'the configuration' : `key '${path}'`;
}

/** A plain object of any realm (a vm context has its own `Object.prototype`): its prototype is null or has none. */
export function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || (typeof proto === 'object' && Object.getPrototypeOf(proto) === null);
}

function convert(input: unknown, path: string, code: ConfigErrorCode, ancestors: Set<object>): JsonValue {
  if (input === null || typeof input === 'string' || typeof input === 'boolean') return input;
  if (typeof input === 'number') {
    if (Number.isFinite(input)) return input;
    throw new ConfigError(code, `Value of ${describePath(path)} is ${input}, which JSON cannot hold`, { key: path });
  }
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) throw new ConfigError(code, `Value of ${describePath(path)} is an invalid date`, { key: path });
    return input.toISOString();
  }
  if (typeof input !== 'object' || (!Array.isArray(input) && !isPlainObject(input))) {
    const kind = typeof input === 'object' ? (input.constructor?.name ?? 'object') : typeof input;
    throw new ConfigError(code, `Value of ${describePath(path)} is a ${kind}, which is not a JSON value`, { key: path });
  }
  if (ancestors.has(input)) throw new ConfigError(code, `Value of ${describePath(path)} refers to itself`, { key: path });
  ancestors.add(input);
  let result: JsonValue;
  if (Array.isArray(input)) {
    result = input.map((item: unknown, index) => (item === undefined ? null : convert(item, joinPath(path, index), code, ancestors)));
  } else {
    const object: JsonObject = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) setKey(object, key, convert(value, joinPath(path, key), code, ancestors));
    }
    result = object;
  }
  ancestors.delete(input);
  return result;
}

/**
 * Copies an unknown input into a fresh JSON value, as `JSON.stringify` would see it: dates become ISO
 * strings and undefined properties are dropped. Anything else JSON cannot hold (a function, a class
 * instance, a non-finite number, a cycle) throws a {@link ConfigError} of `code` naming the key.
 */
export function toJsonValue(input: unknown, code: ConfigErrorCode, path = ''): JsonValue {
  return convert(input, path, code, new Set());
}

/** Copies a JSON value so that the copy shares nothing with the original. */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) setKey(copy, key, cloneJson(item));
  return copy as T;
}

/** Merges two JSON values: nested objects key by key, anything else replaced by `over`; returns a fresh value. */
export function deepMerge(base: JsonValue, over: JsonValue): JsonValue {
  if (!isJsonObject(base) || !isJsonObject(over)) return cloneJson(over);
  const merged = cloneJson(base);
  for (const [key, value] of Object.entries(over)) {
    setKey(merged, key, Object.hasOwn(merged, key) ? deepMerge(merged[key], value) : cloneJson(value));
  }
  return merged;
}

/** Tells whether two JSON values are structurally equal. */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}
