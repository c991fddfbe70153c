import { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppError, isAppError } from '../errors';
import { failure } from '../transport';
import { STATUS_OF_ERROR } from './error-status';
import { type Logger } from '../logger';
import { markComeBackLater, pathOf } from './request-log';

/** What a 503 asks the client to wait before it tries again, in seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Body-parser failures carry a `type` telling what went wrong with the body. */
function bodyParserError(error: unknown): AppError | undefined {
  if (!(error instanceof Error) || !('type' in error)) return undefined;
  const { type, limit } = error as Error & { type: unknown; limit?: number };
  if (type === 'entity.parse.failed') {
    return new AppError('VALIDATION_FAILED', `Malformed JSON body: ${error.message}`, { details: [{ path: 'body', message: 'not valid JSON' }] });
  }
  if (type === 'entity.too.large') {
    return new AppError('PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit ?? 'the server'} bytes`);
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('VALIDATION_FAILED', error.message);
  }
  return undefined;
}

/** Errors express and its parsers mark as the client's (`status` 4xx), such as a path with a malformed %-escape. */
function clientError(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as Error & { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', error.message);
  if (status === 404) return new AppError('NOT_FOUND', error.message);
  return new AppError('VALIDATION_FAILED', error.message);
}

/** Renders every failure in the error envelope; anything unexpected is logged and answered 500 without internals. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return function renderError(error: unknown, req, res, next) {
    if (res.headersSent) return next(error);
    const appError = isAppError(error) ? error : (bodyParserError(error) ?? clientError(error));
    if (appError) {
      // A service that is shutting down or overloaded asks the client to come back, as a load balancer would.
      if (appError.code === 'UNAVAILABLE') {
        if (!res.hasHeader('retry-after')) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        markComeBackLater(res);
      }
      res.status(STATUS_OF_ERROR[appError.code]).json(failure(appError));
      return;
    }
    // The path without its query string, which may carry an access_token.
    logger.error({ err: error, reqId: req.id, method: req.method, path: pathOf(req) }, 'Unhandled error');
    res.status(500).json(failure(new AppError('INTERNAL')));
  };
}

/** Answers routes that exist nowhere with a 404 in the envelope. */
export function notFoundHandler(): RequestHandler {
  return function routeNotFound(req, _res, next) {
    next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
  };
}
