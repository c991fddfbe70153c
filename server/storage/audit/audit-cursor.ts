import { AppError } from '../../errors';

/** The position of an audit page: the time and id of the last entry it showed. */
export interface AuditCursor {
  at: number;
  id: string;
}

/** Encodes a position as an opaque URL-safe string. */
export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** Decodes a cursor made by {@link encodeAuditCursor}; anything else is a VALIDATION_FAILED error. */
export function decodeAuditCursor(text: string): AuditCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === 'string') return { at: value[0], id: value[1] };
  } catch {
    // Not base64 JSON: refused below like any other foreign cursor.
  }
  throw new AppError('VALIDATION_FAILED', `Invalid request: cursor: '${text}' is not a cursor of this listing`, {
    details: [{ path: 'cursor', message: 'not a next_cursor of GET /audit' }],
  });
}
