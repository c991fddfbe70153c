import { RequestBudget } from './request-budget';

describe('RequestBudget', () => {
  it('counts nothing when its limit is 0', async () => {
    const budget = new RequestBudget({ requestsPerMinute: 0 });
    expect(budget.enabled).toBe(false);
    expect(budget.counts('/workflows')).toBe(false);
    expect(await budget.take('10.0.0.1')).toEqual({ ok: true });
  });

  it('leaves the checks, documents and page outside the budget', () => {
    const budget = new RequestBudget({ requestsPerMinute: 5 });
    for (const path of ['/health', '/ready', '/metrics', '/openapi.json', '/docs/index.html', '/ui/']) expect(budget.counts(path)).toBe(false);
    expect(budget.counts('/workflows/run-1')).toBe(true);
  });

  it('says what is left of a client budget and refuses with RATE_LIMITED and a wait once it is spent', async () => {
    const budget = new RequestBudget({ requestsPerMinute: 2 });
    expect(await budget.take('10.0.0.2')).toMatchObject({ ok: true, quota: { limit: 2, remaining: 1, windowSeconds: 60 } });
    expect(await budget.take('10.0.0.2')).toMatchObject({ ok: true, quota: { remaining: 0 } });
    const refused = await budget.take('10.0.0.2');
    expect(refused).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' }, quota: { remaining: 0 } });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await budget.take('10.0.0.3')).ok).toBe(true);
  });
});
