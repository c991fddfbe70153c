import { TenantSecrets } from './tenant-secrets';

describe('TenantSecrets', () => {
  const secrets = new TenantSecrets({ acme: { secrets: ['SHARED', 'ACME_KEY'] }, globex: { secrets: ['SHARED'] }, initech: {} });

  it('lets only the tenants that list a secret name it', () => {
    expect(secrets.allows('ACME_KEY', 'acme')).toBe(true);
    expect(secrets.allows('ACME_KEY', 'globex')).toBe(false);
    expect(secrets.allows('ACME_KEY', undefined)).toBe(false);
    expect(secrets.allows('SHARED', 'globex')).toBe(true);
    expect(secrets.allows('SHARED', 'initech')).toBe(false);
  });

  it('leaves a secret no tenant lists open to every run', () => {
    expect(secrets.allows('OPEN', 'initech')).toBe(true);
    expect(secrets.allows('OPEN', undefined)).toBe(true);
    expect(new TenantSecrets().allows('ANY', undefined)).toBe(true);
  });
});
