import { MemoryStore, type Options, type Store, ipKeyGenerator } from 'express-rate-limit';
import { AppError } from '../errors';
import { isPublicPath } from './public-paths';
import { ALLOWED, type GuardRefusal } from './verdict';

const WINDOW_MS = 60_000;

/**
 * Whether a path is outside the request budget: the health and readiness checks, `/metrics` (still
 * token-checked), the API documentation and the `/ui` page with their files. None of them does work for a
 * caller, and a client over its budget still loads the page that tells it so and the documents that explain it.
 */
const isUnmeteredPath = (path: string): boolean => isPublicPath(path) || path === '/metrics';

/** Options of the per-client rate limit. */
export interface RateLimitOptions {
  /** Requests per client per minute; 0 turns the limit off. */
  requestsPerMinute: number;
  /** Whether a path is never counted. @default {@link isUnmeteredPath} */
  exempt?: (path: string) => boolean;
  /** Where the counts are kept: a cluster's shared store, so that its nodes spend one budget. @default this process's memory */
  store?: Store;
}

/** Where a client stands in its budget after a unit of work was counted: what HTTP's `RateLimit-*` headers say. */
interface BudgetQuota {
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  readonly resetSeconds: number;
  /** The length of the window the limit counts over, in seconds. */
  readonly windowSeconds: number;
}

/** Whether a client may go on (with its quota when it was counted), and when it may try again when it may not. */
export type BudgetVerdict = ({ readonly ok: true } | GuardRefusal) & { readonly quota?: BudgetQuota };

/**
 * One budget of requests per client per minute, shared by HTTP requests and the WebSocket frames that do
 * work (`start_workflow`, `cancel_workflow`, `network:start`), so that a client cannot go around the limit by
 * switching transport. Clients are keyed by address: an IPv4 address, or the /56 network of an IPv6 one.
 */
export class RequestBudget {
  private readonly store: Store;
  private readonly exempt: (path: string) => boolean;

  constructor(private readonly options: RateLimitOptions) {
    this.store = options.store ?? new MemoryStore();
    this.exempt = options.exempt ?? isUnmeteredPath;
    // A store that cannot load its scripts now loads them on first use.
    if (this.enabled) Promise.resolve(this.store.init?.({ windowMs: WINDOW_MS } as Options)).catch(() => undefined);
  }

  /** Whether requests are counted at all (the limit is not 0). */
  get enabled(): boolean {
    return this.options.requestsPerMinute > 0;
  }

  /** Whether requests for a path are counted. */
  counts(path: string): boolean {
    return this.enabled && !this.exempt(path);
  }

  /** Counts one unit of work of a client (its address); refused with 429 and the wait once the budget is spent. */
  async take(address: string | undefined): Promise<BudgetVerdict> {
    const limit = this.options.requestsPerMinute;
    if (limit === 0) return ALLOWED;
    const { totalHits, resetTime } = await this.store.increment(ipKeyGenerator(address ?? 'unknown'));
    const resetSeconds = Math.max(0, Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000));
    const quota = { limit, remaining: Math.max(limit - totalHits, 0), resetSeconds, windowSeconds: WINDOW_MS / 1000 };
    if (totalHits <= limit) return { ok: true, quota };
    const error = new AppError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded; retry after the time in Retry-After`);
    return { ok: false, error, retryAfterSeconds: Math.max(1, resetSeconds), quota };
  }
}
