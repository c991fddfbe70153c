import { type JsonObject } from '../../../model';

// Marks an ActorError in every copy of this class: an actor package brings its own copy of the SDK, whose errors
// the engine must still recognise.
const ACTOR_ERROR = Symbol.for('workflow-execution-service.actor-error');

/**
 * An error an actor throws to fail a firing with data attached: when the node's error port is connected,
 * the routed packet is `{ ...details, message, node_id, component }`.
 *
 * @example throw new ActorError('GET /orders answered HTTP 503', { status: 503, body: 'maintenance' });
 */
export class ActorError extends Error {
  readonly details: JsonObject;
  readonly [ACTOR_ERROR] = true;

  constructor(message: string, details: JsonObject) {
    super(message);
    this.name = 'ActorError';
    this.details = details;
  }

  /** Whether a value is an ActorError of any copy of the SDK (an actor package's included). */
  static override [Symbol.hasInstance](value: unknown): value is ActorError {
    // A subclass keeps the ordinary prototype check.
    if (this !== ActorError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [ACTOR_ERROR]?: unknown })[ACTOR_ERROR] === true;
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
