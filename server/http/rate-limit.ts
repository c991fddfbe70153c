import { type RequestHandler } from 'express';
import { MemoryStore, type Store, ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../errors';
import { isPublicPath } from './bearer-auth';
import { type ClientAddressOf } from './client-address';
import { failure } from './envelope';
import { STATUS_OF_ERROR } from './error-status';

const WINDOW_MS = 60_000;

/**
 * Whether a path is outside the request budget: the health and readiness checks, `/metrics` (still
 * token-checked), the API documentation and the `/ui` page with their files. None of them does work for a
 * caller, and a client over its budget still loads the page that tells it so and the documents that explain it.
 */
export const isUnmeteredPath = (path: string): boolean => isPublicPath(path) || path === '/metrics';

/** Options of the per-client rate limit. */
export interface RateLimitOptions {
  /** Requests per client per minute; 0 turns the limit off. */
  requestsPerMinute: number;
  /** Whether a path is never counted. @default {@link isUnmeteredPath} */
  exempt?: (path: string) => boolean;
  /** The address of a request's client: the key of its budget. @default the socket's peer address */
  clientAddress?: ClientAddressOf;
  /** Where the counts are kept: a cluster's shared store, so that its nodes spend one budget. @default this process's memory */
  store?: Store;
}

/** Whether a client may go on, and when it may try again when it may not. */
export type BudgetVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; error: AppError };

/**
 * One budget of requests per client per minute, shared by HTTP requests and the WebSocket frames that do
 * work (`start_workflow`, `cancel_workflow`), so that a client cannot go around the limit by switching
 * transport. HTTP gets 429 in the envelope with `Retry-After` and the `RateLimit-*` headers.
 */
export class RequestBudget {
  private readonly store: Store;
  private readonly middlewareHandler: RequestHandler;

  constructor(private readonly options: RateLimitOptions) {
    this.store = options.store ?? new MemoryStore();
    const exempt = options.exempt ?? isUnmeteredPath;
    const clientAddress = options.clientAddress ?? ((req) => req.socket.remoteAddress ?? 'unknown');
    this.middlewareHandler =
      options.requestsPerMinute === 0
        ? (_req, _res, next) => next()
        : rateLimit({
            windowMs: WINDOW_MS,
            limit: options.requestsPerMinute,
            store: this.store,
            standardHeaders: 'draft-6',
            legacyHeaders: false,
            // The address Express computes as req.ip, found the one way the hot reads and WebSocket upgrades find it too.
            keyGenerator: (req) => ipKeyGenerator(clientAddress(req)),
            // Whether to trust X-Forwarded-For is the operator's trust_proxy, not a mistake to warn about.
            validate: { xForwardedForHeader: false, trustProxy: false },
            skip: (req) => exempt(req.path),
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
