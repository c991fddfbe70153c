import { AppError, isAppError } from '../errors';
import { failure } from '../transport';

/** Turns what a service call threw into the failure fields of a reply (the HTTP error envelope without its timestamp); unexpected errors say nothing of internals. */
export function failureFields(error: unknown) {
  const { timestamp: _timestamp, ...fields } = failure(isAppError(error) ? error : new AppError('INTERNAL'));
  return fields;
}
