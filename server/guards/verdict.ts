import { type AppError } from '../errors';

/**
 * A guard's refusal: the error says what and why (its code gives the status from the one status table), and
 * `retryAfterSeconds`, when waiting helps, how long the client should wait before it tries again.
 */
export interface GuardRefusal {
  readonly ok: false;
  readonly error: AppError;
  readonly retryAfterSeconds?: number;
}

/** What a request guard decides about a request, a WebSocket upgrade or a frame: go on, or a refusal. */
export type GuardVerdict = { readonly ok: true } | GuardRefusal;

/** The verdict of a guard that lets the request go on. */
export const ALLOWED: GuardVerdict = { ok: true };

/** A refusal for `error`, with the wait that helps when there is one. */
export function refusal(error: AppError, retryAfterSeconds?: number): GuardRefusal {
  return retryAfterSeconds === undefined ? { ok: false, error } : { ok: false, error, retryAfterSeconds };
}
