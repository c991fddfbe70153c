import { timingSafeEqual } from 'node:crypto';
import { type Store, ipKeyGenerator } from 'express-rate-limit';
import { AppError } from '../errors';
import { type Credentials } from './credentials';
import { FailureCounter } from './failure-counter';
import { ALLOWED, type GuardVerdict, refusal } from './verdict';

function matches(candidate: string, tokens: readonly Buffer[]): boolean {
  const given = Buffer.from(candidate);
  let found = false;
  for (const token of tokens) {
    // Compare against every token in constant time, so timing tells nothing about which or how much matched.
    if (token.length === given.length && timingSafeEqual(token, given)) found = true;
  }
  return found;
}

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
  private readonly tokens: Buffer[];
  private readonly failures: FailureCounter;

  constructor(tokens: readonly string[], options: BearerAuthOptions = {}) {
    this.tokens = tokens.map((t) => Buffer.from(t));
    this.failures = new FailureCounter(options.shared);
  }

  /** Whether tokens are required at all. */
  get enabled(): boolean {
    return this.tokens.length > 0;
  }

  /** Whether a request or upgrade may go on; a wrong token is counted, and in the shared count before this resolves. */
  async check(credentials: Credentials): Promise<GuardVerdict> {
    if (!this.enabled) return ALLOWED;
    const client = ipKeyGenerator(credentials.address);
    await this.failures.refresh(client);
    const { verdict, counted } = this.judge(client, this.carriesToken(credentials), 'tokens', TOKEN_REQUIRED);
    // The failure is in the shared count before the answer leaves, so that the client's next request, on any node, sees it.
    await counted;
    return verdict;
  }

  /**
   * Whether a request may go on, without counting anything: no token is required, or the client is not locked
   * out and carries a valid token. A request refused here goes to {@link check}, which counts it.
   */
  async admits(credentials: Credentials): Promise<boolean> {
    if (!this.enabled) return true;
    if (!this.carriesToken(credentials)) return false;
    const client = ipKeyGenerator(credentials.address);
    await this.failures.refresh(client);
    return this.failures.blockedFor(client) === 0;
  }

  /**
   * Whether a secret carried inside messages (the FBP protocol's `secret`) may act; wrong secrets count against
   * the client like wrong tokens. Answered at once from this process's view, which in a cluster takes the
   * shared count with each failure counted.
   */
  checkSecret(secret: string | undefined, address: string | undefined): GuardVerdict {
    const { verdict, counted } = this.judge(
      ipKeyGenerator(address ?? 'unknown'),
      secret !== undefined && matches(secret, this.tokens),
      'secrets',
      "A valid secret is required: one of the server's auth_tokens",
    );
    // This process has counted it already; a shared store that cannot be reached only misses this one.
    counted?.catch(() => undefined);
    return verdict;
  }

  // One rule for every credential: a throttled client is refused whatever it sends; a wrong one counts.
  private judge(client: string, authorized: boolean, what: string, required: string): { verdict: GuardVerdict; counted?: Promise<void> } {
    if (!this.enabled) return { verdict: ALLOWED };
    const blocked = this.failures.blockedFor(client);
    if (blocked > 0) return { verdict: refusal(new AppError('RATE_LIMITED', `Too many wrong ${what} from this client; retry after ${blocked} s`), blocked) };
    if (authorized) return { verdict: ALLOWED };
    return { verdict: refusal(new AppError('UNAUTHORIZED', required)), counted: this.failures.record(client) };
  }

  private carriesToken({ authorization, accessToken }: Credentials): boolean {
    if (authorization?.startsWith('Bearer ')) return matches(authorization.slice('Bearer '.length).trim(), this.tokens);
    return typeof accessToken === 'string' && matches(accessToken, this.tokens);
  }
}
