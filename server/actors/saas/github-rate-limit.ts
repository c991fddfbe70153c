import { type JsonObject } from '../../engine';

/** Response headers as Octokit hands them over: lower-case names. */
export type GithubHeaders = Readonly<Record<string, string | number | undefined>>;

const FIELDS = [
  ['limit', 'x-ratelimit-limit'],
  ['remaining', 'x-ratelimit-remaining'],
  ['used', 'x-ratelimit-used'],
  ['reset', 'x-ratelimit-reset'],
] as const;

/**
 * The packet of `rate-out`: `{limit, remaining, used, reset, resetAt, resource}` read from GitHub's
 * `x-ratelimit-*` headers (reset in epoch seconds, resetAt its ISO time); undefined when the answer has none.
 */
export function githubRateLimit(headers: GithubHeaders | undefined): JsonObject | undefined {
  if (headers === undefined || headers['x-ratelimit-limit'] === undefined) return undefined;
  const rate: JsonObject = {};
  for (const [field, header] of FIELDS) {
    const value = Number(headers[header]);
    if (headers[header] !== undefined && Number.isFinite(value)) rate[field] = value;
  }
  if (typeof rate.reset === 'number') rate.resetAt = new Date(rate.reset * 1000).toISOString();
  const resource = headers['x-ratelimit-resource'];
  if (resource !== undefined) rate.resource = String(resource);
  return rate;
}
