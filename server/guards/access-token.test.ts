import { createHash } from 'node:crypto';
import { ServerConfigSchema } from '../config';
import { AccessTokens } from './access-token';

const TOKEN = 'access-token-test-0123456789';
const hex = (text: string) => createHash('sha256').update(text).digest('hex');

describe('AccessTokens', () => {
  it('names a plain token by a short id of its hash and gives it every scope', () => {
    const caller = new AccessTokens([TOKEN]).callerOf(TOKEN);
    expect(caller).toEqual({ actor: `token:${hex(TOKEN).slice(0, 12)}`, scopes: ['admin'] });
    expect(caller!.actor).not.toContain(TOKEN.slice(0, 8));
  });

  it('accepts a token by its SHA-256, in either case, and never the hash itself', () => {
    const tokens = new AccessTokens([{ sha256: hex(TOKEN).toUpperCase(), name: 'ci-bot', scopes: ['read', 'run'] }]);
    expect(tokens.callerOf(TOKEN)).toEqual({ actor: 'ci-bot', scopes: ['read', 'run'] });
    expect(tokens.callerOf(hex(TOKEN))).toBeUndefined();
    expect(tokens.callerOf(`${TOKEN}x`)).toBeUndefined();
  });
});

describe('tenants of tokens', () => {
  it('gives the caller of a token entry its tenant, and a plain token none', () => {
    const tokens = new AccessTokens([{ token: TOKEN, name: 'acme-ci', scopes: ['run'], tenant: 'acme' }, 'plain-token-0123456789']);
    expect(tokens.callerOf(TOKEN)).toEqual({ actor: 'acme-ci', scopes: ['run'], tenant: 'acme' });
    expect(tokens.callerOf('plain-token-0123456789')?.tenant).toBeUndefined();
  });
});

describe('auth_tokens in the configuration', () => {
  const parse = (auth_tokens: unknown) => ServerConfigSchema.safeParse({ auth_tokens });

  it('takes plain tokens as comma-separated text and entries as a JSON list', () => {
    expect(parse(`${TOKEN}, other-token-0123456789`).data?.auth_tokens).toEqual([TOKEN, 'other-token-0123456789']);
    const json = JSON.stringify([{ sha256: hex(TOKEN), name: 'dashboard', scopes: ['read'] }]);
    expect(parse(json).data?.auth_tokens).toEqual([{ sha256: hex(TOKEN), name: 'dashboard', scopes: ['read'] }]);
  });

  it('refuses an entry without scopes, with an unknown scope or field, or with a hash that is not 64 hex digits', () => {
    expect(parse([{ token: TOKEN }]).success).toBe(false);
    expect(parse([{ token: TOKEN, scopes: ['write'] }]).success).toBe(false);
    expect(parse([{ token: TOKEN, scopes: ['read'], team: 'acme' }]).success).toBe(false);
    expect(parse([{ token: TOKEN, scopes: ['read'], tenant: 'Acme Corp' }]).success).toBe(false);
    expect(parse([{ sha256: 'abc', scopes: ['read'] }]).success).toBe(false);
    expect(parse(['too-short']).success).toBe(false);
  });
});
