import { InvalidCursorError } from '../../executions';

/** The position of a listing page: the creation time and id of the last execution it showed. */
export interface ExecutionCursor {
  createdAt: number;
  id: string;
}

/** Encodes a listing position as an opaque URL-safe string. */
export function encodeCursor(cursor: ExecutionCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** Decodes a cursor made by {@link encodeCursor}; anything else throws {@link InvalidCursorError}. */
export function decodeCursor(text: string): ExecutionCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === 'string') {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Not base64 JSON: reported below like any other foreign cursor.
  }
  throw new InvalidCursorError(text);
}

/** Orders executions newest first, the id breaking ties, so that pages never overlap. */
export function compareNewestFirst(a: ExecutionCursor, b: ExecutionCursor): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
