import { errorMessage } from '../../engine';
import { type GithubHeaders, githubRateLimit } from './github-rate-limit';
import { vendorFailure } from './vendor-failure';

/** What Octokit's `RequestError` carries, read by shape (the class lives in a package of Octokit's own). */
interface OctokitRequestError {
  status: number;
  message: string;
  request: { method: string; url: string };
  response?: { headers: GithubHeaders };
}

function isOctokitRequestError(error: unknown): error is OctokitRequestError {
  const candidate = error as Partial<OctokitRequestError> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.status === 'number' && typeof candidate.request?.url === 'string';
}

/**
 * The failure of a GitHub call: for an error status, GitHub's message (Octokit's, which adds the
 * documentation link and field errors), when a spent rate limit resets, and the rate limit in the details;
 * for a call that got no answer, the transport's reason. Octokit's error also carries the request, token
 * redacted, but only its message is kept.
 */
export function githubFailure(error: unknown): Error {
  if (!isOctokitRequestError(error)) return new Error(errorMessage(error));
  if (error.response === undefined) return new Error(error.message);
  const headers = error.response.headers;
  const rate = githubRateLimit(headers);
  const spent = rate?.remaining === 0 && typeof rate.resetAt === 'string' ? `; the rate limit resets at ${rate.resetAt}` : '';
  const replyHeaders = new Headers();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) replyHeaders.set(name, String(value));
  const request = { method: error.request.method, url: new URL(error.request.url) };
  return vendorFailure(
    'GitHub',
    request,
    { status: error.status, headers: replyHeaders },
    `${error.message}${spent}`,
    rate === undefined ? {} : { rateLimit: rate },
  );
}
