import { Octokit } from '@octokit/rest';
import { fetchWithRetry } from '../../outbound-http';
import { type VendorCallContext, vendorFetchOptions } from './vendor-request';

/** What a GitHub client of one firing needs. */
export interface GithubClientSettings {
  readonly token: string;
  /** The REST API root, such as `https://api.github.com` or `https://github.example.com/api/v3`. */
  readonly baseUrl: URL;
  /** Whether the operation may be sent twice (reads); a create is sent once. */
  readonly idempotent: boolean;
  readonly context: VendorCallContext;
  /** Where Octokit's warnings (deprecated endpoints) go. */
  readonly warn: (message: string) => void;
}

// Statuses whose answer has no body: a Response cannot be built with one.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The fetch Octokit sends through: every attempt goes through `fetchWithRetry`, so that the egress policy,
 * the firing's signal and timeout, and the one retry policy (429 and 5xx, `Retry-After` honoured) apply to
 * GitHub as to every other outbound call.
 */
function retryingFetch(settings: GithubClientSettings): typeof fetch {
  const options = vendorFetchOptions(settings.idempotent, settings.context);
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const url = new URL(input instanceof Request ? input.url : String(input));
    const reply = await fetchWithRetry({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body }, options);
    return new Response(NULL_BODY_STATUSES.has(reply.status) ? null : Buffer.from(reply.body), {
      status: reply.status,
      statusText: reply.statusText,
      headers: reply.headers,
    });
  };
}

/**
 * An Octokit for one firing. Octokit's own retry and throttling plugins (`@octokit/plugin-retry`,
 * `@octokit/plugin-throttling`) are deliberately not loaded: retries happen once, in the fetch underneath,
 * and a primary rate limit (403 with `x-ratelimit-remaining: 0`, reset up to an hour away) fails the firing
 * at once with the reset time rather than holding the run.
 */
export function githubClient(settings: GithubClientSettings): Octokit {
  return new Octokit({
    auth: settings.token,
    baseUrl: settings.baseUrl.href.replace(/\/+$/, ''),
    userAgent: 'workflow-execution-service',
    request: { fetch: retryingFetch(settings), signal: settings.context.signal },
    // Octokit's debug line carries the request options, headers and token included: it is dropped, like its per-request info lines.
    log: { debug: () => undefined, info: () => undefined, warn: settings.warn, error: () => undefined },
  });
}
