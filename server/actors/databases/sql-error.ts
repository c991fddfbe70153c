import { ActorError, type JsonObject, errorMessage } from '../../engine';

/**
 * A database error as an actor error: the server's message, and its code (PostgreSQL's SQLSTATE such as
 * `42P01`, MySQL's name such as `ER_NO_SUCH_TABLE`) with what else the server said (SQLSTATE, detail, hint,
 * position) as details, for `error-out`.
 */
export function sqlError(error: unknown): ActorError {
  if (error instanceof ActorError) return error;
  const fields = error as Record<string, unknown>;
  const details: JsonObject = {};
  for (const key of ['code', 'sqlState', 'errno', 'detail', 'hint', 'position', 'severity'] as const) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') details[key] = value;
  }
  return new ActorError(typeof fields.sqlMessage === 'string' ? fields.sqlMessage : errorMessage(error), details);
}
