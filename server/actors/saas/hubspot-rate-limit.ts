import { type JsonObject } from '../../engine';

const HEADERS = [
  ['max', 'x-hubspot-ratelimit-max'],
  ['remaining', 'x-hubspot-ratelimit-remaining'],
  ['intervalMs', 'x-hubspot-ratelimit-interval-milliseconds'],
  ['dailyMax', 'x-hubspot-ratelimit-daily'],
  ['dailyRemaining', 'x-hubspot-ratelimit-daily-remaining'],
] as const;

/** The rate limit HubSpot reported in its `X-HubSpot-RateLimit-*` headers; undefined when it sent none. */
export function hubspotRateLimit(headers: Headers): JsonObject | undefined {
  const rate: JsonObject = {};
  for (const [field, header] of HEADERS) {
    const value = Number(headers.get(header) ?? Number.NaN);
    if (Number.isFinite(value)) rate[field] = value;
  }
  return Object.keys(rate).length === 0 ? undefined : rate;
}
