import { type JsonValue } from '../../../model';

/** FNV-1a's offset basis: where every fingerprint starts. */
const FINGERPRINT_SEED = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Deeper values are not fingerprinted (a cycle ends here too). */
const MAX_DEPTH = 64;
const TAG = { string: 1, number: 2, true: 3, false: 4, null: 5, array: 6, object: 7 } as const;

/** How much of a value a fingerprint may still read: characters of strings and keys. */
interface Budget {
  chars: number;
}

/**
 * A 32-bit FNV-1a fingerprint of a plain JSON value, key order included, read in one walk without building its
 * JSON text (which costs about twice as much, and hashing that text again as a map key as much once more).
 * Undefined when the value is not plain JSON (a class instance, a function, a non-finite number, an undefined
 * array element, nesting deeper than 64) or holds more than `maxChars` characters of strings and keys.
 * Properties whose value is undefined are skipped, as JSON.stringify skips them. Equal fingerprints do not
 * prove equal values: confirm with `sameJson`.
 */
export function jsonFingerprint(value: unknown, maxChars: number, seed = FINGERPRINT_SEED): number | undefined {
  return fingerprintOf(value, seed, { chars: maxChars }, 0);
}

/**
 * Whether `value` is plain JSON holding the same as `stored`, key order included; `stored` holds no undefined
 * (a JSON.parse result). A class instance is not plain JSON, even with the same properties.
 */
export function sameJson(value: unknown, stored: JsonValue): boolean {
  if (value === stored) return true;
  if (typeof value !== 'object' || value === null || typeof stored !== 'object' || stored === null) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(stored) || value.length !== stored.length) return false;
    for (let i = 0; i < value.length; i++) if (!sameJson(value[i], stored[i])) return false;
    return true;
  }
  if (Array.isArray(stored)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(stored);
  let i = 0;
  for (const key in value) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined) continue;
    if (key !== keys[i] || !sameJson(entry, stored[key])) return false;
    i++;
  }
  return i === keys.length;
}

/** A value's fingerprint and its deep copy, read in one walk. */
export interface FingerprintedCopy {
  /** What `jsonFingerprint` answers for the value. */
  readonly fingerprint: number;
  /**
   * A deep copy equal to `JSON.parse(JSON.stringify(value))` (properties whose value is undefined left out, -0
   * written as 0), made without building text and reading it back; it shares no object with the value.
   */
  readonly copy: JsonValue;
}

/** A walk's running hash and what it may still read. */
interface Walk extends Budget {
  hash: number;
}

/** Answered inside a walk for what is not plain JSON: no JSON value is a symbol. */
const NOT_JSON = Symbol('not JSON');

/**
 * `jsonFingerprint` and a copy of the value in the same walk, or undefined where `jsonFingerprint` is: a graph
 * seen for the first time is fingerprinted to look it up and copied to be remembered, and one walk over its
 * objects costs less than two.
 */
export function fingerprintedCopy(value: unknown, maxChars: number, seed = FINGERPRINT_SEED): FingerprintedCopy | undefined {
  const walk: Walk = { hash: seed, chars: maxChars };
  const copy = copyOf(value, walk, 0);
  return copy === NOT_JSON ? undefined : { fingerprint: walk.hash, copy };
}

/** Folds a string's length and characters into `hash`. */
function mixString(hash: number, text: string, budget: Budget): number {
  budget.chars -= text.length;
  let h = Math.imul(hash ^ text.length, FNV_PRIME);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

function mix(hash: number, bits: number): number {
  return Math.imul(hash ^ bits, FNV_PRIME);
}

function fingerprintOf(value: unknown, hash: number, budget: Budget, depth: number): number | undefined {
  switch (typeof value) {
    case 'string':
      return mixString(mix(hash, TAG.string), value, budget);
    case 'number':
      // The integer part and a scaled fraction: enough to tell numbers apart in a fingerprint; `sameJson` decides.
      return Number.isFinite(value) ? mix(mix(hash, TAG.number), (value | 0) ^ ((value % 1) * 0x7fffffff)) : undefined;
    case 'boolean':
      return mix(hash, value ? TAG.true : TAG.false);
    case 'object':
      if (value === null) return mix(hash, TAG.null);
      return depth < MAX_DEPTH ? containerFingerprint(value, hash, budget, depth + 1) : undefined;
    default:
      return undefined;
  }
}

function containerFingerprint(value: object, hash: number, budget: Budget, depth: number): number | undefined {
  let h: number | undefined;
  if (Array.isArray(value)) {
    h = mix(mix(hash, TAG.array), value.length);
    for (let i = 0; i < value.length && h !== undefined; i++) h = fingerprintOf(value[i], h, budget, depth);
    return budget.chars < 0 ? undefined : h;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  h = mix(hash, TAG.object);
  for (const key in value) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined) continue;
    h = fingerprintOf(entry, mixString(h, key, budget), budget, depth);
    if (h === undefined || budget.chars < 0) return undefined;
  }
  return h;
}

/** `fingerprintOf` folding into `walk.hash`, answering the value's copy. */
function copyOf(value: unknown, walk: Walk, depth: number): JsonValue | typeof NOT_JSON {
  switch (typeof value) {
    case 'string':
      walk.hash = mixString(mix(walk.hash, TAG.string), value, walk);
      return value;
    case 'number':
      if (!Number.isFinite(value)) return NOT_JSON;
      walk.hash = mix(mix(walk.hash, TAG.number), (value | 0) ^ ((value % 1) * 0x7fffffff));
      return value === 0 ? 0 : value;
    case 'boolean':
      walk.hash = mix(walk.hash, value ? TAG.true : TAG.false);
      return value;
    case 'object':
      if (value === null) {
        walk.hash = mix(walk.hash, TAG.null);
        return null;
      }
      if (depth >= MAX_DEPTH) return NOT_JSON;
      return Array.isArray(value) ? arrayCopy(value, walk, depth + 1) : objectCopy(value, walk, depth + 1);
    default:
      return NOT_JSON;
  }
}

function arrayCopy(value: readonly unknown[], walk: Walk, depth: number): JsonValue[] | typeof NOT_JSON {
  walk.hash = mix(mix(walk.hash, TAG.array), value.length);
  const items = new Array<JsonValue>(value.length);
  for (let i = 0; i < value.length; i++) {
    const item = copyOf(value[i], walk, depth);
    if (item === NOT_JSON) return NOT_JSON;
    items[i] = item;
  }
  return walk.chars < 0 ? NOT_JSON : items;
}

function objectCopy(value: object, walk: Walk, depth: number): JsonValue | typeof NOT_JSON {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_JSON;
  walk.hash = mix(walk.hash, TAG.object);
  const copy: Record<string, JsonValue> = {};
  for (const key in value) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry === undefined) continue;
    walk.hash = mixString(walk.hash, key, walk);
    const item = copyOf(entry, walk, depth);
    if (item === NOT_JSON || walk.chars < 0) return NOT_JSON;
    // A `__proto__` key is an own property in JSON, never the prototype.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}
