import { type Store, ipKeyGenerator } from 'express-rate-limit';
import { AppError } from '../errors';
import { ANONYMOUS_CALLER, AccessTokens, type Caller } from './access-token';
import { type AuthTokenEntry } from './auth-token-entry';
import { type Credentials } from './credentials';
import { FailureCounter } from './failure-counter';
import { type GuardRefusal, refusal } from './verdict';

/** What the token check decides: go on as a caller (anonymous when no tokens are configured), or a refusal. */
export type AuthVerdict = { readonly ok: true; readonly caller: Caller } | GuardRefusal;

/** How a {@link BearerAuth} counts clients. */
export interface BearerAuthOptions {
  /** Where wrong credentials are counted besides this process: a cluster's shared store. */
  shared?: Store;
}

const TOKEN_REQUIRED = 'A valid bearer token is required (Authorization: Bearer <token>)';

/**
 * Checks the bearer tokens of requests, WebSocket upgrades and protocol messages; with no tokens configured
 * everything passes. A client that sends {@link MAX_FAILED_TOKENS_PER_MINUTE} wrong tokens within a minute is
 * refused with 429, whatever it sends, until that minute ends: guessing tokens takes forever. Clients are told
 * apart by their address (behind a trusted proxy, the one it names), and in a cluster counted in the shared
 * store, so that neither a proxy nor more nodes multiply the guesses.
 */
export class BearerAuth {
  private readonly tokens: AccessTokens;
  private readonly failures: FailureCounter;

  constructor(tokens: readonly AuthTokenEntry[], options: BearerAuthOptions = {}) {
    this.tokens = new AccessTokens(tokens);
    this.failures = new FailureCounter(options.shared);
  }

  /** Whether tokens are required at all. */
  get enabled(): boolean {
    return this.tokens.any;
  }

  /**
   * Whether a request or upgrade may go on, and as which caller; a wrong token is counted, and in the shared
   * count before this resolves.
   */
  async check(credentials: Credentials): Promise<AuthVerdict> {
    if (!this.enabled) return { ok: true, caller: ANONYMOUS_CALLER };
    const client = ipKeyGenerator(credentials.address);
    await this.failures.refresh(client);
    const { verdict, counted } = this.judge(client, this.callerOf(credentials), 'tokens', TOKEN_REQUIRED);
    // The failure is in the shared count before the answer leaves, so that the client's next request, on any node, sees it.
    await counted;
    return verdict;
  }

  /**
   * Whether a request may go on, without counting anything: no token is required, or the client is not locked
   * out and carries a valid token of no tenant. A request refused here goes to {@link check}, which counts it; a
   * token limited to a tenant goes there too, to be answered within its tenant.
   */
  async admits(credentials: Credentials): Promise<boolean> {
    if (!this.enabled) return true;
    const caller = this.callerOf(credentials);
    if (caller === undefined || caller.tenant !== undefined) return false;
    const client = ipKeyGenerator(credentials.address);
    await this.failures.refresh(client);
    return this.failures.blockedFor(client) === 0;
  }

  /**
   * Whether a secret carried inside messages (the FBP protocol's `secret`) may act; wrong secrets count against
   * the client like wrong tokens. Answered at once from this process's view, which in a cluster takes the
   * shared count with each failure counted.
   */
  checkSecret(secret: string | undefined, address: string | undefined): AuthVerdict {
    const { verdict, counted } = this.judge(
      ipKeyGenerator(address ?? 'unknown'),
      secret === undefined ? undefined : this.tokens.callerOf(secret),
      'secrets',
      "A valid secret is required: one of the server's auth_tokens",
    );
    // This process has counted it already; a shared store that cannot be reached only misses this one.
    counted?.catch(() => undefined);
    return verdict;
  }

  // One rule for every credential: a throttled client is refused whatever it sends; a wrong one counts.
  private judge(client: string, caller: Caller | undefined, what: string, required: string): { verdict: AuthVerdict; counted?: Promise<void> } {
    if (!this.enabled) return { verdict: { ok: true, caller: ANONYMOUS_CALLER } };
    const blocked = this.failures.blockedFor(client);
    if (blocked > 0) return { verdict: refusal(new AppError('RATE_LIMITED', `Too many wrong ${what} from this client; retry after ${blocked} s`), blocked) };
    if (caller !== undefined) return { verdict: { ok: true, caller } };
    return { verdict: refusal(new AppError('UNAUTHORIZED', required)), counted: this.failures.record(client) };
  }

  private callerOf({ authorization, accessToken }: Credentials): Caller | undefined {
    if (authorization?.startsWith('Bearer ')) return this.tokens.callerOf(authorization.slice('Bearer '.length).trim());
    return typeof accessToken === 'string' ? this.tokens.callerOf(accessToken) : undefined;
  }
}
