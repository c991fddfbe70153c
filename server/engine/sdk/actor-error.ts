import { type JsonObject } from '../../../model';

/**
 * An error an actor throws to fail a firing with data attached: when the node's error port is connected,
 * the routed packet is `{ ...details, message, node_id, component }`.
 *
 * @example throw new ActorError('GET /orders answered HTTP 503', { status: 503, body: 'maintenance' });
 */
export class ActorError extends Error {
  readonly details: JsonObject;

  constructor(message: string, details: JsonObject) {
    super(message);
    this.name = 'ActorError';
    this.details = details;
  }
}

/** The message of anything thrown, without the `Error: ` prefix a stringified error would carry. */
export function errorMessage(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message === '' ? error.name : error.message;
  else if (typeof error === 'string') text = error;
  else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  return text.replace(/^Error: /, '');
}
