import fc from 'fast-check';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, backoffDelay, isRetryableStatus, retryAfterDelay, retryPolicy } from './retry-policy';

const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, baseMs: 100, maxMs: 1000, maxRetryAfterMs: 5000 };

describe('the retry policy', () => {
  it('retries 408, 429 and every 5xx but no other status', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([200, 301, 400, 401, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });

  it('doubles the backoff step per retry, keeping at least half of it and never more than the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (retry, random) => {
        const step = Math.min(1000, 100 * 2 ** retry);
        const delay = backoffDelay(retry, { ...policy, random: () => random });
        return delay >= Math.floor(step / 2) && delay <= step;
      }),
    );
    expect([0, 1, 2, 3, 4, 39].map((retry) => backoffDelay(retry, { ...policy, random: () => 0 }))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 39].map((retry) => backoffDelay(retry, { ...policy, random: () => 0.999999 }))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('waits the bare exponential step without jitter, and the whole step is random with full jitter', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, { ...policy, jitter: 0, random: () => 0.9 }))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(2, { ...policy, jitter: 1, random: () => 0 })).toBe(0);
    expect(backoffDelay(2, { ...policy, jitter: 1, random: () => 0.5 })).toBe(200);
  });

  it('builds a policy from the default with the given fields, ignoring undefined ones', () => {
    expect(retryPolicy({ attempts: 1, baseMs: undefined })).toEqual({ ...DEFAULT_RETRY_POLICY, attempts: 1 });
  });

  it('reads Retry-After as seconds or as an HTTP date, capped by the policy', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(retryAfterDelay('2', policy, now)).toBe(2000);
    expect(retryAfterDelay('3600', policy, now)).toBe(5000);
    expect(retryAfterDelay('Mon, 01 Jan 2024 00:00:03 GMT', policy, now)).toBe(3000);
    expect(retryAfterDelay('Sun, 31 Dec 2023 23:00:00 GMT', policy, now)).toBe(0);
  });

  it('ignores a missing or unreadable Retry-After', () => {
    expect(retryAfterDelay(null, policy)).toBeUndefined();
    expect(retryAfterDelay('', policy)).toBeUndefined();
    expect(retryAfterDelay('soon', policy)).toBeUndefined();
  });
});
