import { type JsonValue, isJsonObject } from '../../engine';

/** A parsed field path: object keys and array indexes, outermost first (`[]` is the value itself). */
export type FieldPath = readonly (string | number)[];

const SEGMENT = /\.?([\w$-]+)|\[(\d+)\]|\[(["'])((?:\\.|(?!\3).)*)\3\]/y;

/**
 * Parses a dotted field path such as `customer.address.city`, `items[0].sku` or `meta["first name"]`.
 * @throws Error naming the path when it is malformed.
 */
export function parseFieldPath(text: string): FieldPath {
  const trimmed = text.trim();
  const path: (string | number)[] = [];
  let at = 0;
  while (at < trimmed.length) {
    SEGMENT.lastIndex = at;
    const match = SEGMENT.exec(trimmed);
    if (match === null || (at === 0 && match[0].startsWith('.'))) throw new Error(`Invalid field path '${text}'`);
    if (match[1] !== undefined) path.push(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
    else if (match[2] !== undefined) path.push(Number(match[2]));
    else path.push(match[4].replace(/\\(.)/g, '$1'));
    at = SEGMENT.lastIndex;
  }
  return path;
}

/** Reads the value at a path (`length` of an array is its size); a missing step (or an inherited property) yields `undefined`. */
export function getField(value: JsonValue | undefined, path: FieldPath): JsonValue | undefined {
  let current = value;
  for (const key of path) {
    if (typeof key === 'number' && Array.isArray(current)) current = key < current.length ? current[key] : undefined;
    else if (key === 'length' && Array.isArray(current)) current = current.length;
    else if (isJsonObject(current) && Object.prototype.hasOwnProperty.call(current, String(key))) current = current[String(key)];
    else return undefined;
  }
  return current;
}

/** What a field-path lookup found: the value, or that nothing is there. */
export type FieldLookup = { found: true; value: JsonValue } | { found: false };

/**
 * Reads the field a path written as text names in a packet, for conditions (If Branch, Switch): an empty
 * path is the packet itself, a key that contains dots is found when the whole path names it, and a
 * malformed path finds nothing.
 * @example readFieldPath({ a: { b: [5] } }, 'a.b.0') // { found: true, value: 5 }
 */
export function readFieldPath(value: JsonValue | undefined, text: string): FieldLookup {
  if (value === undefined) return { found: false };
  const trimmed = text.trim();
  if (trimmed === '') return { found: true, value };
  if (isJsonObject(value) && Object.hasOwn(value, trimmed)) return { found: true, value: value[trimmed] };
  let path: FieldPath;
  try {
    path = parseFieldPath(trimmed);
  } catch {
    return { found: false };
  }
  const found = getField(value, path);
  return found === undefined ? { found: false } : { found: true, value: found };
}

/** Writes a value at a path inside an object, creating the intermediate objects (or arrays, for index steps) it needs. */
export function setField(target: JsonValue[] | { [key: string]: JsonValue }, path: FieldPath, value: JsonValue): void {
  if (path.length === 0) throw new Error('Cannot set a value at an empty field path');
  let current: JsonValue[] | { [key: string]: JsonValue } = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const last = i === path.length - 1;
    const existing = readOwn(current, key);
    if (last) {
      writeOwn(current, key, value);
      return;
    }
    if (existing !== null && typeof existing === 'object') current = existing;
    else {
      const created: JsonValue[] | { [key: string]: JsonValue } = typeof path[i + 1] === 'number' ? [] : {};
      writeOwn(current, key, created);
      current = created;
    }
  }
}

/** Writes a path back as text (`a.b[0]["x y"]`), the form used in messages and as output keys. */
export function formatFieldPath(path: FieldPath): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(key)) text += text === '' ? key : `.${key}`;
    else text += `[${JSON.stringify(key)}]`;
  }
  return text;
}

function readOwn(container: JsonValue[] | { [key: string]: JsonValue }, key: string | number): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(container, key) ? (container as Record<string, JsonValue>)[key] : undefined;
}

// defineProperty keeps a key such as `__proto__` an own data property instead of changing the prototype.
function writeOwn(container: JsonValue[] | { [key: string]: JsonValue }, key: string | number, value: JsonValue): void {
  Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
}
