/**
 * The opaque cursor of a newest-first listing: the time and id of the last row a page showed, as base64url JSON.
 * Every listing (executions, the audit trail) pages by the same pair, so they share the encoding.
 */
export function encodeTimeIdCursor(time: number, id: string): string {
  return Buffer.from(JSON.stringify([time, id])).toString('base64url');
}

/** Reads a cursor made by {@link encodeTimeIdCursor}; anything else answers undefined, for the caller to refuse. */
export function decodeTimeIdCursor(text: string): [time: number, id: string] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === 'string') return [value[0], value[1]];
  } catch {
    // Not base64 JSON: refused like any other foreign cursor.
  }
  return undefined;
}
