import { type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../errors';
import { failure } from './envelope';
import { STATUS_OF_ERROR } from './error-status';

/** Options of the per-client rate limit. */
export interface RateLimitOptions {
  /** Requests per client per minute; 0 turns the limit off. */
  requestsPerMinute: number;
  /** Paths never limited. @default ['/health'] */
  exempt?: readonly string[];
}

/**
 * Limits each client (by address) to a number of requests per minute. Over it: 429 in the envelope with
 * `Retry-After` and the `RateLimit-*` headers.
 */
export function rateLimitMiddleware({ requestsPerMinute, exempt = ['/health'] }: RateLimitOptions): RequestHandler {
  if (requestsPerMinute === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 60_000,
    limit: requestsPerMinute,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    skip: (req) => exempt.includes(req.path),
    handler: (_req, res) => {
      const error = new AppError('RATE_LIMITED', `Rate limit of ${requestsPerMinute} requests per minute exceeded; retry after the time in Retry-After`);
      res.status(STATUS_OF_ERROR.RATE_LIMITED).json(failure(error));
    },
  });
}
