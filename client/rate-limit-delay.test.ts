import { pacingMs, retryAfterMs } from './rate-limit-delay';

const answer = (status: number, headers: Record<string, string>) => new Response(null, { status, headers });

describe('retryAfterMs', () => {
  it('reads Retry-After in seconds', () => {
    expect(retryAfterMs(answer(429, { 'Retry-After': '17' }))).toBe(17_000);
  });

  it('reads Retry-After as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(answer(429, { 'Retry-After': 'Wed, 01 Jan 2025 00:00:30 GMT' }), 0, now)).toBe(30_000);
  });

  it('falls back on the reset of the RateLimit headers, then on one second doubled for each 429 in a row, up to a minute', () => {
    expect(retryAfterMs(answer(429, { 'RateLimit-Remaining': '0', 'RateLimit-Reset': '42' }))).toBe(42_000);
    expect([0, 1, 2, 9].map((attempt) => retryAfterMs(answer(429, {}), attempt))).toEqual([1000, 2000, 4000, 60_000]);
  });
});

describe('pacingMs', () => {
  it('spreads the requests left over the time until the window resets (draft 6 headers)', () => {
    expect(pacingMs(answer(200, { 'RateLimit-Limit': '10', 'RateLimit-Remaining': '8', 'RateLimit-Reset': '60' }))).toBe(7500);
  });

  it('reads the one RateLimit header of later drafts', () => {
    expect(pacingMs(answer(200, { RateLimit: 'limit=100, remaining=50, reset=30' }))).toBe(600);
    expect(pacingMs(answer(200, { RateLimit: '"default";r=4;t=20' }))).toBe(5000);
  });

  it('waits for the reset when nothing is left, and not at all without headers', () => {
    expect(pacingMs(answer(200, { 'RateLimit-Remaining': '0', 'RateLimit-Reset': '9' }))).toBe(9000);
    expect(pacingMs(answer(200, {}))).toBe(0);
  });
});
