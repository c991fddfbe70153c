/** Thrown by a store for a cursor it did not issue: the service answers it as a validation failure. */
export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`Cursor '${cursor}' is not valid`);
    this.name = 'InvalidCursorError';
  }
}
