import { BearerAuth } from './bearer-auth';
import { MAX_FAILED_TOKENS_PER_MINUTE } from './failure-counter';

const TOKEN = 'guard-token-0123456789';

describe('BearerAuth', () => {
  it('lets everything through when no token is configured', async () => {
    const auth = new BearerAuth([]);
    expect(await auth.check({ address: '127.0.0.1' })).toMatchObject({ ok: true });
    expect(await auth.admits({ address: '127.0.0.1' })).toBe(true);
  });

  it('accepts a bearer header or an access_token, and refuses anything else with UNAUTHORIZED', async () => {
    const auth = new BearerAuth([TOKEN]);
    expect(await auth.check({ authorization: `Bearer ${TOKEN}`, address: '10.0.0.1' })).toMatchObject({ ok: true });
    expect(await auth.check({ accessToken: TOKEN, address: '10.0.0.1' })).toMatchObject({ ok: true });
    const refused = await auth.check({ authorization: 'Bearer wrong-token-0123456789', address: '10.0.0.1' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeUndefined();
  });

  it('locks a client out with RATE_LIMITED and a wait once it has sent too many wrong tokens, without counting in admits', async () => {
    const auth = new BearerAuth([TOKEN]);
    const wrong = { authorization: 'Bearer wrong-token-0123456789', address: '10.0.0.2' };
    for (let i = 0; i < 5; i++) expect(await auth.admits(wrong)).toBe(false);
    for (let i = 0; i < MAX_FAILED_TOKENS_PER_MINUTE; i++) expect((await auth.check(wrong)).ok).toBe(false);
    const locked = await auth.check({ authorization: `Bearer ${TOKEN}`, address: '10.0.0.2' });
    expect(locked).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    expect(locked.ok === false && locked.retryAfterSeconds).toBeGreaterThan(0);
    expect(await auth.admits({ authorization: `Bearer ${TOKEN}`, address: '10.0.0.2' })).toBe(false);
    expect(await auth.admits({ authorization: `Bearer ${TOKEN}`, address: '10.0.0.3' })).toBe(true);
  });

  it('counts wrong protocol secrets against the client like wrong tokens', () => {
    const auth = new BearerAuth([TOKEN]);
    expect(auth.checkSecret(TOKEN, '10.0.0.4')).toMatchObject({ ok: true });
    expect(auth.checkSecret(undefined, '10.0.0.4')).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  });
});
