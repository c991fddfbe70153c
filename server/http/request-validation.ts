import { type RequestValidationError } from '@ts-rest/express';
import { type NextFunction, type Request, type Response } from 'express';
import { type ZodError } from 'zod';
import { joinPath } from '../../model';
import { type ErrorDetail, validationFailure } from '../errors';

function detailsOf(error: ZodError | null, whole: string): ErrorDetail[] {
  if (!error) return [];
  return error.issues.map((issue) => ({ path: issue.path.length > 0 ? joinPath('', ...issue.path) : whole, message: issue.message }));
}

/** Turns a contract validation failure into a 400 naming each offending path. */
export function requestValidationErrorHandler(error: RequestValidationError, _req: Request, _res: Response, next: NextFunction): void {
  const details = [
    ...detailsOf(error.pathParams, 'path'),
    ...detailsOf(error.headers, 'headers'),
    ...detailsOf(error.query, 'query'),
    ...detailsOf(error.body, 'body'),
  ];
  next(validationFailure('request', details, { fallback: 'invalid request' }));
}
