import { type RequestHandler } from 'express';
import { MemoryStore, ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../errors';
import { failure } from './envelope';
import { STATUS_OF_ERROR } from './error-status';

const WINDOW_MS = 60_000;

/** Options of the per-client rate limit. */
export interface RateLimitOptions {
  /** Requests per client per minute; 0 turns the limit off. */
  requestsPerMinute: number;
  /** Paths never limited. @default ['/health'] */
  exempt?: readonly string[];
}

/** Whether a client may go on, and when it may try again when it may not. */
export type BudgetVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; error: AppError };

/**
 * One budget of requests per client per minute, shared by HTTP requests and the WebSocket frames that do
 * work (`start_workflow`, `cancel_workflow`), so that a client cannot go around the limit by switching
 * transport. HTTP gets 429 in the envelope with `Retry-After` and the `RateLimit-*` headers.
 */
export class RequestBudget {
  private readonly store = new MemoryStore();
  private readonly middlewareHandler: RequestHandler;

  constructor(private readonly options: RateLimitOptions) {
    const exempt = options.exempt ?? ['/health'];
    this.middlewareHandler =
      options.requestsPerMinute === 0
        ? (_req, _res, next) => next()
        : rateLimit({
            windowMs: WINDOW_MS,
            limit: options.requestsPerMinute,
            store: this.store,
            standardHeaders: 'draft-6',
            legacyHeaders: false,
            skip: (req) => exempt.includes(req.path),
            handler: (_req, res) => res.status(STATUS_OF_ERROR.RATE_LIMITED).json(failure(this.error())),
          });
  }

  /** Whether requests are counted at all (the limit is not 0). */
  get enabled(): boolean {
    return this.options.requestsPerMinute > 0;
  }

  /** The middleware that counts HTTP requests. */
  middleware(): RequestHandler {
    return this.middlewareHandler;
  }

  /** Counts one unit of work of a client (its address) outside HTTP. */
  async take(address: string | undefined): Promise<BudgetVerdict> {
    if (this.options.requestsPerMinute === 0) return { ok: true };
    const { totalHits, resetTime } = await this.store.increment(ipKeyGenerator(address ?? 'unknown'));
    if (totalHits <= this.options.requestsPerMinute) return { ok: true };
    const retryAfterSeconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000));
    return { ok: false, retryAfterSeconds, error: this.error() };
  }

  private error(): AppError {
    return new AppError('RATE_LIMITED', `Rate limit of ${this.options.requestsPerMinute} requests per minute exceeded; retry after the time in Retry-After`);
  }
}
