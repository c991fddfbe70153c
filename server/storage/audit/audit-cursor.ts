import { AppError } from '../../errors';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../time-id-cursor';

/** The position of an audit page: the time and id of the last entry it showed. */
export interface AuditCursor {
  at: number;
  id: string;
}

/** Encodes a position as an opaque URL-safe string. */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return encodeTimeIdCursor(cursor.at, cursor.id);
}

/** Decodes a cursor made by {@link encodeAuditCursor}; anything else is a VALIDATION_FAILED error. */
export function decodeAuditCursor(text: string): AuditCursor {
  const position = decodeTimeIdCursor(text);
  if (position !== undefined) return { at: position[0], id: position[1] };
  throw new AppError('VALIDATION_FAILED', `Invalid request: cursor: '${text}' is not a cursor of this listing`, {
    details: [{ path: 'cursor', message: 'not a next_cursor of GET /audit' }],
  });
}
