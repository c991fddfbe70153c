import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { type RequestHandler } from 'express';
import { type ClientRateLimitInfo, type Options, type Store, ipKeyGenerator } from 'express-rate-limit';
import { AppError } from '../errors';
import { type ClientAddressOf } from './client-address';

/** Paths open without a token: the health and readiness checks and the API documentation. */
export const PUBLIC_PATHS: readonly string[] = ['/health', '/ready', '/openapi.json', '/asyncapi.json'];

/** Folders open without a token: Swagger UI and the `/ui` page, whose own API calls carry the token. */
export const PUBLIC_FOLDERS: readonly string[] = ['/docs', '/ui'];

/** Whether a path is open without a token: one of {@link PUBLIC_PATHS}, or in one of {@link PUBLIC_FOLDERS}. */
export const isPublicPath = (path: string): boolean => PUBLIC_PATHS.includes(path) || PUBLIC_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));

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

const MINUTE_MS = 60_000;

/**
 * Failed attempts per client in the current minute, keyed as the request budget keys clients (an IPv4
 * address, or the /56 network of an IPv6 one, which one holder can fill with addresses). This process keeps its own view, read at once by
 * the checks that cannot wait; with a shared store (a cluster's Redis) every failure is counted there too and
 * the view takes the shared count, so that the nodes of a cluster lock a client out together.
 */
class FailureCounter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly shared: Store | undefined) {
    // A store that cannot load its scripts now loads them on first use.
    Promise.resolve(shared?.init?.({ windowMs: MINUTE_MS } as Options)).catch(() => undefined);
  }

  /** Seconds until the client may try again, or 0 when it may now. */
  blockedFor(address: string, now = Date.now()): number {
    const entry = this.counts.get(address);
    if (entry === undefined || entry.resetAt <= now || entry.count < MAX_FAILED_TOKENS_PER_MINUTE) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  /** Counts one failure; resolves once the shared count, when there is one, has it. */
  record(address: string, now = Date.now()): Promise<void> {
    const entry = this.counts.get(address);
    if (entry === undefined || entry.resetAt <= now) this.counts.set(address, { count: 1, resetAt: now + MINUTE_MS });
    else entry.count += 1;
    this.prune(now);
    return this.shared === undefined ? Promise.resolve() : Promise.resolve(this.shared.increment(address)).then((info) => this.adopt(address, info));
  }

  /** Takes the shared count of a client into this view; nothing to do without a shared store. */
  async refresh(address: string): Promise<void> {
    if (this.shared?.get === undefined) return;
    const info = await this.shared.get(address);
    if (info === undefined || info.totalHits === 0) this.counts.delete(address);
    else this.adopt(address, info);
  }

  private adopt(address: string, { totalHits, resetTime }: ClientRateLimitInfo): void {
    const resetAt = resetTime?.getTime() ?? Date.now() + MINUTE_MS;
    if (resetAt > Date.now()) this.counts.set(address, { count: totalHits, resetAt });
    this.prune(Date.now());
  }

  // Old entries are dropped as the map grows.
  private prune(now: number): void {
    if (this.counts.size > 10_000) for (const [key, value] of this.counts) if (value.resetAt <= now) this.counts.delete(key);
  }
}

/** How a {@link BearerAuth} finds and counts clients. */
export interface BearerAuthOptions {
  /** The address of a request's client. @default the socket's peer address */
  clientAddress?: ClientAddressOf;
  /** Where wrong credentials are counted besides this process: a cluster's shared store. */
  shared?: Store;
}

/** Why a credential was refused, and for a throttled client how long until it may try again. */
export interface AuthRefusal {
  error: AppError;
  retryAfterSeconds?: number;
}

/**
 * Checks bearer tokens on requests and WebSocket upgrades; with no tokens configured everything passes. A
 * client that sends {@link MAX_FAILED_TOKENS_PER_MINUTE} wrong tokens within a minute is refused with 429,
 * whatever it sends, until that minute ends: guessing tokens takes forever. Clients are told apart by the
 * address `clientAddress` finds (behind a trusted proxy, the one it names), and in a cluster counted in the
 * shared store, so that neither a proxy nor more nodes multiply the guesses.
 */
export class BearerAuth {
  private readonly tokens: Buffer[];
  private readonly failures: FailureCounter;
  private readonly clientAddress: ClientAddressOf;

  constructor(tokens: readonly string[], options: BearerAuthOptions = {}) {
    this.tokens = tokens.map((t) => Buffer.from(t));
    this.failures = new FailureCounter(options.shared);
    this.clientAddress = options.clientAddress ?? ((req) => req.socket.remoteAddress ?? 'unknown');
  }

  /** Why a request or upgrade may not go on (a wrong token, or too many of them), or undefined when it may. */
  async verify(req: IncomingMessage): Promise<AuthRefusal | undefined> {
    if (!this.enabled) return undefined;
    const client = ipKeyGenerator(this.clientAddress(req));
    await this.failures.refresh(client);
    const { refusal, counted } = this.judge(client, () => this.isAuthorized(req), 'tokens', 'A valid bearer token is required (Authorization: Bearer <token>)');
    // The failure is in the shared count before the answer leaves, so that the client's next request, on any node, sees it.
    await counted;
    return refusal;
  }

  /**
   * Why a secret carried inside messages (the FBP protocol's `secret`) may not act, or undefined when it may;
   * wrong secrets count against the client like wrong tokens. Answered at once from this process's view, which
   * in a cluster takes the shared count with each failure counted.
   */
  verifySecret(secret: string | undefined, address: string | undefined): AuthRefusal | undefined {
    const { refusal, counted } = this.judge(ipKeyGenerator(address ?? 'unknown'), () => secret !== undefined && matches(secret, this.tokens), 'secrets', "A valid secret is required: one of the server's auth_tokens");
    // This process has counted it already; a shared store that cannot be reached only misses this one.
    counted?.catch(() => undefined);
    return refusal;
  }

  // One rule for every credential: a throttled client is refused whatever it sends; a wrong one counts.
  private judge(client: string, authorized: () => boolean, what: string, required: string): { refusal?: AuthRefusal; counted?: Promise<void> } {
    if (!this.enabled) return {};
    const blocked = this.failures.blockedFor(client);
    if (blocked > 0) return { refusal: { error: new AppError('RATE_LIMITED', `Too many wrong ${what} from this client; retry after ${blocked} s`), retryAfterSeconds: blocked } };
    if (authorized()) return {};
    return { refusal: { error: new AppError('UNAUTHORIZED', required) }, counted: this.failures.record(client) };
  }

  /**
   * Whether a request may go on, without counting anything: no token is required, or the client is not
   * locked out and carries a valid token. A request refused here goes through `middleware`, which counts it.
   */
  async admits(req: IncomingMessage): Promise<boolean> {
    if (!this.enabled) return true;
    if (!this.isAuthorized(req)) return false;
    const client = ipKeyGenerator(this.clientAddress(req));
    await this.failures.refresh(client);
    return this.failures.blockedFor(client) === 0;
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
      if (!this.enabled || isPublicPath(req.path)) return next();
      this.verify(req).then((refusal) => {
        if (refusal === undefined) return next();
        if (refusal.retryAfterSeconds === undefined) res.setHeader('WWW-Authenticate', 'Bearer');
        else res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
        next(refusal.error);
      }, next);
    };
  }
}
