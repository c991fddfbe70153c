import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { type RequestHandler } from 'express';
import { AppError } from '../errors';

/** Paths open without a token: the health check and the API documentation. */
export const PUBLIC_PATHS: readonly string[] = ['/health', '/openapi.json'];

function matches(candidate: string, tokens: readonly Buffer[]): boolean {
  const given = Buffer.from(candidate);
  let found = false;
  for (const token of tokens) {
    // Compare against every token in constant time, so timing tells nothing about which or how much matched.
    if (token.length === given.length && timingSafeEqual(token, given)) found = true;
  }
  return found;
}

/** Checks bearer tokens on requests and WebSocket upgrades; with no tokens configured everything passes. */
export class BearerAuth {
  private readonly tokens: Buffer[];

  constructor(tokens: readonly string[]) {
    this.tokens = tokens.map((t) => Buffer.from(t));
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

  /** Rejects requests without a valid token with 401, except on public paths and the docs. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      if (!this.enabled || PUBLIC_PATHS.includes(req.path) || req.path === '/docs' || req.path.startsWith('/docs/')) return next();
      if (this.isAuthorized(req)) return next();
      res.setHeader('WWW-Authenticate', 'Bearer');
      next(new AppError('UNAUTHORIZED', 'A valid bearer token is required (Authorization: Bearer <token>)'));
    };
  }
}
