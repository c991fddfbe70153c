import { createHash, timingSafeEqual } from 'node:crypto';
import { type AccessScope } from '../../model';
import { type AuthTokenEntry } from './auth-token-entry';

/** Who made a request, as the scope checks and the audit trail see it: never the token itself. */
export interface Caller {
  /** The token's name, or `token:` and the first 12 hex digits of its SHA-256. */
  readonly actor: string;
  /** What the caller may do. */
  readonly scopes: readonly AccessScope[];
  /** The tenant whose records alone the caller sees and touches; absent, every tenant's. */
  readonly tenant?: string;
}

/** The caller of a server without tokens: anyone who reaches it may do everything. */
export const ANONYMOUS_CALLER: Caller = { actor: 'anonymous', scopes: ['admin'] };

/** A configured token as it is checked: the SHA-256 of the token, and the caller it stands for. */
interface AccessToken {
  readonly digest: Buffer;
  readonly caller: Caller;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** The short id of a token in the audit trail and the logs: 12 hex digits of its SHA-256, which tell nothing usable of it. */
export const tokenIdOf = (digest: Buffer): string => `token:${digest.toString('hex').slice(0, 12)}`;

function accessTokenOf(entry: AuthTokenEntry): AccessToken {
  if (typeof entry === 'string') {
    const digest = sha256(entry);
    return { digest, caller: { actor: tokenIdOf(digest), scopes: ['admin'] } };
  }
  const digest = 'sha256' in entry ? Buffer.from(entry.sha256, 'hex') : sha256(entry.token);
  const caller = { actor: entry.name ?? tokenIdOf(digest), scopes: entry.scopes };
  return { digest, caller: entry.tenant === undefined ? caller : { ...caller, tenant: entry.tenant } };
}

/**
 * The configured tokens, each kept as its SHA-256 only: a presented token is hashed and compared with every
 * digest in constant time, so that neither timing nor memory tells which token, or how much of one, matched.
 */
export class AccessTokens {
  private readonly tokens: readonly AccessToken[];

  constructor(entries: readonly AuthTokenEntry[]) {
    this.tokens = entries.map(accessTokenOf);
  }

  /** Whether any token is configured. */
  get any(): boolean {
    return this.tokens.length > 0;
  }

  /** The caller a presented token stands for, or undefined when it is none of the configured ones. */
  callerOf(presented: string): Caller | undefined {
    const digest = sha256(presented);
    let found: Caller | undefined;
    for (const token of this.tokens) if (timingSafeEqual(token.digest, digest) && found === undefined) found = token.caller;
    return found;
  }
}
