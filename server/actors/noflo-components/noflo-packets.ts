import { type JsonValue } from '../../engine';

/**
 * A NoFlo component's data as an engine packet: JSON as it is, `undefined` as null (NoFlo sends it, for a missing
 * key, where JSON has no value), anything else as its JSON form (a Date as its ISO text, an Error as
 * `{message}`), as it would be written to a file or sent to an FBP protocol client.
 * @throws Error when the value has no JSON form (a cycle, a BigInt)
 */
export function packetFromNoflo(data: unknown): JsonValue {
  if (data === undefined || data === null) return null;
  if (typeof data === 'string' || typeof data === 'boolean') return data;
  if (typeof data === 'number') return Number.isFinite(data) ? data : null;
  if (data instanceof Error) return { message: data.message };
  return (JSON.parse(JSON.stringify(data) ?? 'null') as JsonValue) ?? null;
}

/**
 * An engine packet as a NoFlo component receives it on a port of NoFlo datatype `datatype`. On a `string` port, a
 * packet that is no string comes as its JSON text: the service reads `'0'` and `'[1,2]'` in .fbp text as a number
 * and an array, NoFlo as text, and a component's string port expects the text. Other packets come as a copy, since
 * components may change the objects they are sent (set a property), and an engine packet sent to several nodes is
 * one object shared by all of them.
 */
export function dataForNoflo(packet: JsonValue, datatype: string): unknown {
  if (datatype === 'string' && packet !== null && typeof packet !== 'string') return JSON.stringify(packet);
  return packet !== null && typeof packet === 'object' ? structuredClone(packet) : packet;
}

/** What a component sent on its `error` port, as the message of the node's failure. */
export function errorMessageOf(data: unknown): string {
  if (data instanceof Error) return data.message;
  if (data !== null && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') return (data as { message: string }).message;
  return typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
}
