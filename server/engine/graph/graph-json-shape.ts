import { type GraphJson } from '../../../model';

/**
 * Whether a value is a graph `GraphJsonSchema` accepts, checked by hand: the schema's parse costs more than
 * the rest of compiling a small graph, and its refinement of `processes` keeps what it reads alive past the
 * next young-generation collection. Only plain objects pass where the schema wants an object, so a value
 * this answers false for may still be a graph: `parseGraph` then lets the schema decide and name each issue.
 * A value this accepts is read as it is (the schema's parse would copy its objects, never change a value).
 */
export function hasGraphJsonShape(value: unknown): value is GraphJson {
  if (!isPlainObject(value)) return false;
  const graph = value as Record<string, unknown>;
  return (
    isNullish(graph.caseSensitive, (flag) => typeof flag === 'boolean') &&
    isNullish(graph.properties, isPlainObject) &&
    isProcesses(graph.processes) &&
    isNullish(graph.connections, isConnections) &&
    isNullish(graph.inports, isExportedPorts) &&
    isNullish(graph.outports, isExportedPorts) &&
    isNullish(graph.groups, Array.isArray)
  );
}

/** An object the schema reads as one: not an array, a class instance, or a thenable. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && typeof (value as { then?: unknown }).then !== 'function';
}

function isNullish(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || value === null || check(value);
}

function everyItem(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
  return true;
}

function everyValue(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!check(value[key])) return false;
  return true;
}

function isName(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

// Named once here rather than as arrows inside `hasGraphJsonShape`, which would make them again for every graph.
function isConnections(value: unknown): boolean {
  return everyItem(value, isConnection);
}

function isExportedPorts(value: unknown): boolean {
  return everyValue(value, isEndpoint);
}

function isProcesses(value: unknown): boolean {
  if (Array.isArray(value)) return everyItem(value, (process) => isProcess(process) && isName((process as Record<string, unknown>).id));
  return everyValue(value, isProcess);
}

function isProcess(value: unknown): boolean {
  return isPlainObject(value) && isName(value.component) && isNullish(value.metadata, isMetadata);
}

function isMetadata(value: unknown): boolean {
  return isPlainObject(value) && isNullish(value.config, isPlainObject) && isNullish(value.propertyValues, isPlainObject);
}

function isConnection(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isNullish(value.from, isEndpoint) &&
    isNullish(value.src, isEndpoint) &&
    isNullish(value.to, isEndpoint) &&
    isNullish(value.tgt, isEndpoint) &&
    isNullish(value.metadata, isPlainObject)
  );
}

function isEndpoint(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    isOptionalName(value.nodeId) &&
    isOptionalName(value.portId) &&
    isOptionalName(value.process) &&
    isOptionalName(value.port) &&
    isNullish(value.index, Number.isInteger)
  );
}

function isOptionalName(value: unknown): boolean {
  return value === undefined || isName(value);
}
