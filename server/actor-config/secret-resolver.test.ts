import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import pino from 'pino';
import { ActorConfig } from './actor-config';
import { DirectorySecretStore } from './directory-secret-store';
import { SecretResolver } from './secret-resolver';
import { MemorySecretStore } from './secret-store';

describe('SecretResolver', () => {
  const env = { SECRET_DB_PASSWORD: 'env-pa55', APP_API_KEY: 'app-key' };

  it('resolves a whole-string reference from SECRET_<NAME> in the environment', () => {
    const resolved = new SecretResolver({ env }).resolve(ActorConfig.fromJson({ password: '${secret:DB_PASSWORD}', user: 'app' }));
    expect(resolved.getString('password')).toBe('env-pa55');
    expect(resolved.getString('user')).toBe('app');
    expect(resolved.isSecret('password')).toBe(true);
    expect(resolved.isSecret('user')).toBe(false);
  });

  it('resolves references embedded in longer strings and nested values', () => {
    const config = ActorConfig.fromJson({ url: 'postgres://app:${secret:DB_PASSWORD}@db/main', auth: { headers: ['Bearer ${secret:DB_PASSWORD}'] } });
    const resolved = new SecretResolver({ env }).resolve(config);
    expect(resolved.getString('url')).toBe('postgres://app:env-pa55@db/main');
    expect(resolved.get('auth')).toEqual({ headers: ['Bearer env-pa55'] });
    expect(resolved.toJSON()).toEqual({ url: 'postgres://app:[REDACTED]@db/main', auth: { headers: ['Bearer [REDACTED]'] } });
  });

  it('uses the configured environment prefix', () => {
    const resolved = new SecretResolver({ envPrefix: 'APP_', env }).resolve(ActorConfig.fromJson({ key: '${secret:API_KEY}' }));
    expect(resolved.getString('key')).toBe('app-key');
  });

  it('asks the stores in order after the environment', () => {
    const resolver = new SecretResolver({
      env,
      stores: [
        new MemorySecretStore({ TOKEN: 'first' }),
        new MemorySecretStore(
          new Map([
            ['TOKEN', 'second'],
            ['OTHER', 'other'],
          ]),
        ),
      ],
    });
    expect(resolver.lookup('TOKEN')).toBe('first');
    expect(resolver.lookup('OTHER')).toBe('other');
    expect(resolver.lookup('DB_PASSWORD')).toBe('env-pa55');
    expect(new SecretResolver({ envPrefix: false, env, stores: [] }).lookup('DB_PASSWORD')).toBeUndefined();
  });

  it('pre-loads an asynchronous store once per name', async () => {
    const fetched: string[] = [];
    const config = ActorConfig.fromJson({ a: '${secret:A}', b: 'x-${secret:A}-${secret:B}' });
    const store = await MemorySecretStore.preload(config.secretNames(), async (name) => {
      fetched.push(name);
      return name === 'A' ? 'alpha' : undefined;
    });
    expect(fetched).toEqual(['A', 'B']);
    expect(store.get('A')).toBe('alpha');
    expect(store.get('B')).toBeUndefined();
  });

  it('throws SECRET_UNRESOLVED naming the reference and the key, leaving the config as it was', () => {
    const config = ActorConfig.fromJson({ db: { password: '${secret:MISSING}' } });
    expect(() => new SecretResolver({ env }).resolve(config)).toThrow(
      expect.objectContaining({ code: 'SECRET_UNRESOLVED', key: 'db', message: expect.stringContaining("'${secret:MISSING}' in key 'db.password'") }),
    );
    expect(config.toObject()).toEqual({ db: { password: '${secret:MISSING}' } });
  });

  it('refuses a secret name that could leave a secret directory', () => {
    const config = ActorConfig.fromJson({ p: '${secret:../etc/passwd}' });
    expect(() => new SecretResolver({ env }).resolve(config)).toThrow(expect.objectContaining({ code: 'INVALID_SECRET_NAME' }));
  });

  it('never reads a resolved secret as a reference when resolving again', () => {
    const tricky = new SecretResolver({ env: { SECRET_T: '${secret:NOPE}' } });
    const once = tricky.resolve(ActorConfig.fromJson({ t: '${secret:T}' }));
    expect(tricky.resolve(once).getString('t')).toBe('${secret:NOPE}');
  });

  it('resolves plain values for callers without an ActorConfig', () => {
    expect(new SecretResolver({ env }).resolveValues({ p: '${secret:DB_PASSWORD}', n: 1 })).toEqual({ p: 'env-pa55', n: 1 });
  });

  it('hands back plain values holding no reference as they are, and copies any other', () => {
    const resolver = new SecretResolver({ env });
    const plain = { url: 'https://example.test', retries: [1, 2], nested: { on: true, none: null } };
    expect(resolver.resolveValues(plain)).toBe(plain);
    const withReference = { nested: { p: 'x ${secret:DB_PASSWORD}' } };
    const resolved = resolver.resolveValues(withReference);
    expect(resolved).not.toBe(withReference);
    expect(resolved).toEqual({ nested: { p: 'x env-pa55' } });
    expect(withReference).toEqual({ nested: { p: 'x ${secret:DB_PASSWORD}' } });
    const dated = { at: new Date(0), gone: undefined };
    expect(resolver.resolveValues(dated)).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    expect(() => resolver.resolveValues({ f: () => 1 })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('keeps secrets redacted through merges and drops the mark once a secret is overridden', () => {
    const resolved = new SecretResolver({ env }).resolve(
      ActorConfig.fromJson({ password: '${secret:DB_PASSWORD}', db: { password: '${secret:DB_PASSWORD}', host: 'a' } }),
    );
    const merged = ActorConfig.fromJson({ timeout: 1 })
      .mergeWith(resolved)
      .extendWith({ db: { host: 'b' } });
    expect(merged.getString('password')).toBe('env-pa55');
    expect(merged.toJSON()).toEqual({ timeout: 1, password: '[REDACTED]', db: { password: '[REDACTED]', host: 'b' } });
    const overridden = resolved.mergeWith({ password: 'plain' });
    expect(overridden.isSecret('password')).toBe(false);
    expect(overridden.toJSON()).toMatchObject({ password: 'plain' });
  });
});

describe('DirectorySecretStore', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actor-config-secrets-'));
    fs.writeFileSync(path.join(dir, 'DB_PASSWORD'), 'dir-pa55\n');
    fs.writeFileSync(path.join(dir, 'windows'), 'crlf\r\n');
    fs.mkdirSync(path.join(dir, 'folder'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a secret from the file of that name, trailing newline trimmed', () => {
    const store = new DirectorySecretStore(dir);
    expect(store.get('DB_PASSWORD')).toBe('dir-pa55');
    expect(store.get('windows')).toBe('crlf');
    expect(store.get('ABSENT')).toBeUndefined();
  });

  it('serves a resolver when the environment lacks the secret', () => {
    const resolver = new SecretResolver({ env: {}, stores: [new DirectorySecretStore(dir)] });
    expect(resolver.resolve(ActorConfig.fromJson({ p: '${secret:DB_PASSWORD}' })).getString('p')).toBe('dir-pa55');
  });

  it('refuses names that would escape the directory', () => {
    const store = new DirectorySecretStore(path.join(dir, 'folder'));
    for (const name of ['../DB_PASSWORD', '..', '.hidden', 'a/b', '']) {
      expect(() => store.get(name)).toThrow(expect.objectContaining({ code: 'INVALID_SECRET_NAME' }));
    }
  });

  it('fails with IO when the secret file cannot be read', () => {
    expect(() => new DirectorySecretStore(dir).get('folder')).toThrow(expect.objectContaining({ code: 'IO' }));
  });
});

describe('resolved secrets outside the actor', () => {
  let dir: string;
  const secret = 's3cr3t-value';
  const resolved = (): ActorConfig =>
    new SecretResolver({ env: { SECRET_DB_PASSWORD: secret } }).resolve(
      ActorConfig.fromJson({ password: '${secret:DB_PASSWORD}', dsn: 'pg://u:${secret:DB_PASSWORD}@h', port: 5432 }),
    );

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actor-config-redaction-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['saved.yaml', 'saved.json', 'saved.toml'])('writes the reference, never the value, to %s', async (name) => {
    const file = path.join(dir, name);
    await resolved().saveToFile(file);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).toContain('${secret:DB_PASSWORD}');
    const reloaded = await ActorConfig.fromFile(file);
    expect(reloaded.toObject()).toEqual({ password: '${secret:DB_PASSWORD}', dsn: 'pg://u:${secret:DB_PASSWORD}@h', port: 5432 });
  });

  it('keeps the value out of JSON.stringify, toString and util.inspect', () => {
    const config = resolved();
    expect(config.getString('password')).toBe(secret);
    for (const text of [
      JSON.stringify(config),
      JSON.stringify({ nested: { config } }),
      String(config),
      `${config}`,
      inspect(config),
      inspect({ config }, { depth: 5 }),
    ]) {
      expect(text).not.toContain(secret);
      expect(text).toContain('[REDACTED]');
    }
  });

  it('keeps the value out of a pino log line', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    logger.info({ config: resolved() }, 'actor starting');
    logger.info(`config is ${resolved()}`);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain(secret);
    expect(JSON.parse(lines[0]).config).toEqual({ password: '[REDACTED]', dsn: 'pg://u:[REDACTED]@h', port: 5432 });
  });

  it('fails with VALIDATION naming the key when TOML cannot hold a null', async () => {
    const file = path.join(dir, 'null.toml');
    await expect(ActorConfig.fromJson({ a: null }).saveToFile(file)).rejects.toMatchObject({ code: 'VALIDATION', key: 'a' });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('fails with IO naming the path when the file cannot be written', async () => {
    const file = path.join(dir, 'missing-folder', 'c.json');
    await expect(resolved().saveToFile(file)).rejects.toMatchObject({ code: 'IO', path: file });
  });
});
