import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { type RequestHandler } from 'express';
import { AppError } from '../errors';

/** Paths open without a token: the health and readiness checks and the API documentation. */
export const PUBLIC_PATHS: readonly string[] = ['/health', '/ready', '/openapi.json', '/asyncapi.json'];

/** Folders open without a token: Swagger UI and the `/ui` page, whose own API calls carry the token. */
export const PUBLIC_FOLDERS: readonly string[] = ['/docs', '/ui'];

const isPublic = (path: string): boolean => PUBLIC_PATHS.includes(path) || PUBLIC_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));

function matches(candidate: string, tokens: readonly Buffer[]): boolean {
  const given = Buffer.from(candidate);
  let found = false;
  for (const token of tokens) {
    // Compare against every token in constant time, so timing tells nothing about which or how much matched.
    if (token.length === given.length && timingSafeEqual(token, given)) found = true;
  }
  return found;
}

/** Wrong tokens a client may send per minute before every attempt of it is refused with 429 until the minute ends. */
export const MAX_FAILED_TOKENS_PER_MINUTE = 10;

/** Failed attempts per client address in the current minute; old entries are dropped as the map grows. */
class FailureCounter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  /** Seconds until the client may try again, or 0 when it may now. */
  blockedFor(address: string, now = Date.now()): number {
    const entry = this.counts.get(address);
    if (entry === undefined || entry.resetAt <= now || entry.count < MAX_FAILED_TOKENS_PER_MINUTE) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  record(address: string, now = Date.now()): void {
    const entry = this.counts.get(address);
    if (entry === undefined || entry.resetAt <= now) this.counts.set(address, { count: 1, resetAt: now + 60_000 });
    else entry.count += 1;
    if (this.counts.size > 10_000) for (const [key, value] of this.counts) if (value.resetAt <= now) this.counts.delete(key);
  }
}

/** Why a credential was refused, and for a throttled client how long until it may try again. */
export interface AuthRefusal {
  error: AppError;
  retryAfterSeconds?: number;
}

/**
 * Checks bearer tokens on requests and WebSocket upgrades; with no tokens configured everything passes. A
 * client that sends {@link MAX_FAILED_TOKENS_PER_MINUTE} wrong tokens within a minute is refused with 429,
 * whatever it sends, until that minute ends: guessing tokens takes forever.
 */
export class BearerAuth {
  private readonly tokens: Buffer[];
  private readonly failures = new FailureCounter();

  constructor(tokens: readonly string[]) {
    this.tokens = tokens.map((t) => Buffer.from(t));
  }

  /** Why a request or upgrade may not go on (a wrong token, or too many of them), or undefined when it may. */
  verify(req: IncomingMessage): AuthRefusal | undefined {
    return this.judge(req.socket.remoteAddress, () => this.isAuthorized(req), 'tokens', 'A valid bearer token is required (Authorization: Bearer <token>)');
  }

  /**
   * Why a secret carried inside messages (the FBP protocol's `secret`) may not act, or undefined when it may;
   * wrong secrets count against the client like wrong tokens.
   */
  verifySecret(secret: string | undefined, address: string | undefined): AuthRefusal | undefined {
    return this.judge(address, () => secret !== undefined && matches(secret, this.tokens), 'secrets', "A valid secret is required: one of the server's auth_tokens");
  }

  // One rule for every credential: a throttled client is refused whatever it sends; a wrong one counts.
  private judge(address: string | undefined, authorized: () => boolean, what: string, required: string): AuthRefusal | undefined {
    if (!this.enabled) return undefined;
    const client = address ?? 'unknown';
    const blocked = this.failures.blockedFor(client);
    if (blocked > 0) return { error: new AppError('RATE_LIMITED', `Too many wrong ${what} from this client; retry after ${blocked} s`), retryAfterSeconds: blocked };
    if (authorized()) return undefined;
    this.failures.record(client);
    return { error: new AppError('UNAUTHORIZED', required) };
  }

  /**
   * Whether a request may go on, without counting anything: no token is required, or the client is not
   * locked out and carries a valid token. A request refused here goes through `middleware`, which counts it.
   */
  admits(req: IncomingMessage): boolean {
    if (!this.enabled) return true;
    return this.failures.blockedFor(req.socket.remoteAddress ?? 'unknown') === 0 && this.isAuthorized(req);
  }

  /** Whether tokens are required at all. */
  get enabled(): boolean {
    return this.tokens.length > 0;
  }

  /**
   * Whether a request carries a valid token: `Authorization: Bearer <token>`, or for browsers that cannot
   * set headers on a WebSocket, the `access_token` query parameter.
   */
  isAuthorized(req: IncomingMessage): boolean {
    if (!this.enabled) return true;
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) return matches(header.slice('Bearer '.length).trim(), this.tokens);
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams.get('access_token');
    return query !== null && matches(query, this.tokens);
  }

  /** Rejects requests without a valid token with 401, except on public paths and folders. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      if (!this.enabled || isPublic(req.path)) return next();
      const refusal = this.verify(req);
      if (refusal === undefined) return next();
      if (refusal.retryAfterSeconds === undefined) res.setHeader('WWW-Authenticate', 'Bearer');
      else res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
      next(refusal.error);
    };
  }
}
