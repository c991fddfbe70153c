import cors from 'cors';
import { type RequestHandler } from 'express';
import helmet from 'helmet';

/** What decides the headers every answer carries. */
export interface ResponseHeadersOptions {
  /** Whether browsers on other origins may call the API. */
  corsEnabled: boolean;
}

/**
 * The middlewares that set the headers of every answer: helmet's security headers (without
 * `upgrade-insecure-requests`, so that `/docs` works over plain HTTP), and CORS for any origin when enabled.
 */
export function responseHeaders({ corsEnabled }: ResponseHeadersOptions): RequestHandler[] {
  const headers: RequestHandler[] = [
    helmet({
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:'] } },
      crossOriginResourcePolicy: { policy: corsEnabled ? 'cross-origin' : 'same-origin' },
    }),
  ];
  // Browser clients on other origins read the rate-limit headers too, to wait and pace as they say.
  if (corsEnabled) headers.push(cors({ maxAge: 600, exposedHeaders: ['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] }));
  return headers;
}
