/**
 * Tells why a value is not plain JSON (a function, `undefined`, a BigInt, a symbol, a non-finite number, a
 * class instance such as a Date or a Map, or a cycle), or returns undefined when it is JSON.
 */
export function jsonProblem(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `a non-finite number (${String(value)})`;
    case 'object':
      return value === null ? undefined : objectProblem(value, []);
    default:
      return `a value of type ${typeof value}`;
  }
}

function objectProblem(value: object, ancestors: object[]): string | undefined {
  if (ancestors.includes(value)) return 'a cyclic value';
  const isArray = Array.isArray(value);
  if (!isArray) {
    // A plain object of another realm (a worker's answer, a vm context) has that realm's Object.prototype, whose own prototype is null.
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return `an instance of ${value.constructor?.name ?? 'a class'}`;
  }
  ancestors.push(value);
  const entries = isArray ? (value as unknown[]) : Object.values(value);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const problem = typeof entry === 'object' && entry !== null ? objectProblem(entry, ancestors) : jsonProblem(entry);
    if (problem !== undefined) {
      ancestors.pop();
      return problem;
    }
  }
  ancestors.pop();
  return undefined;
}
