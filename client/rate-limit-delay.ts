const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

function seconds(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Number(text) * 1000;
}

/** `RateLimit-Remaining` and `RateLimit-Reset` (IETF draft 6), or the same fields of one `RateLimit` header (draft 7 and later). */
function budget(headers: Headers): { remaining: number; resetMs: number } | undefined {
  const combined = headers.get('ratelimit');
  const field = (name: string) => (combined ? new RegExp(`(?:^|[,;\\s])${name}=(\\d+)`).exec(combined)?.[1] : undefined);
  const remaining = Number(headers.get('ratelimit-remaining') ?? field('r(?:emaining)?'));
  const resetMs = seconds(headers.get('ratelimit-reset') ?? field('(?:reset|t)'));
  return Number.isFinite(remaining) && resetMs !== undefined ? { remaining, resetMs } : undefined;
}

/**
 * How long to wait before asking a rate-limited server again after the `attempt`-th 429 in a row (from 0):
 * its `Retry-After` (seconds or an HTTP date), else the reset of its `RateLimit` headers, else (when a browser
 * may not read them across origins) one second, doubled for each 429 in a row up to a minute.
 */
export function retryAfterMs(response: Response, attempt = 0, now = Date.now()): number {
  const header = response.headers.get('retry-after');
  const delay = seconds(header) ?? (header ? Date.parse(header) - now : NaN);
  if (Number.isFinite(delay)) return Math.max(0, delay);
  return budget(response.headers)?.resetMs ?? Math.min(FIRST_RETRY_MS * 2 ** attempt, LAST_RETRY_MS);
}

/**
 * The least pause before the next request so that the requests left in the server's window (its `RateLimit`
 * headers) last until the window resets: a client that polls never runs into the limit. 0 without headers.
 */
export function pacingMs(response: Response): number {
  const left = budget(response.headers);
  if (!left) return 0;
  return left.remaining <= 0 ? left.resetMs : left.resetMs / left.remaining;
}
