import { InvalidCursorError } from '../../executions';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../time-id-cursor';

/** The position of a listing page: the creation time and id of the last execution it showed. */
export interface ExecutionCursor {
  createdAt: number;
  id: string;
}

/** Encodes a listing position as an opaque URL-safe string. */
export function encodeCursor(cursor: ExecutionCursor): string {
  return encodeTimeIdCursor(cursor.createdAt, cursor.id);
}

/** Decodes a cursor made by {@link encodeCursor}; anything else throws {@link InvalidCursorError}. */
export function decodeCursor(text: string): ExecutionCursor {
  const position = decodeTimeIdCursor(text);
  if (position !== undefined) return { createdAt: position[0], id: position[1] };
  throw new InvalidCursorError(text);
}

/** Orders executions newest first, the id breaking ties, so that pages never overlap. */
export function compareNewestFirst(a: ExecutionCursor, b: ExecutionCursor): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
