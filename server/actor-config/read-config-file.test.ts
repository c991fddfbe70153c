import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ActorConfig } from './actor-config';
import { profileFilePath, readConfigFile, readProfiledConfigFile } from './read-config-file';

describe('config files', () => {
  let dir: string;
  const file = (name: string, text: string): string => {
    const full = path.join(dir, name);
    fs.writeFileSync(full, text);
    return full;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actor-config-files-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads a YAML file', async () => {
    const config = await ActorConfig.fromYamlFile(file('c.yaml', 'batch_size: 100\nenabled: true\nname: proc\ndb:\n  host: h\n'));
    expect(config.toObject()).toEqual({ batch_size: 100, enabled: true, name: 'proc', db: { host: 'h' } });
  });

  it('reads a JSON file, even with a byte-order mark', async () => {
    const config = await ActorConfig.fromJsonFile(file('c.json', '\uFEFF{"batch_size": 100, "tags": ["a"]}'));
    expect(config.toObject()).toEqual({ batch_size: 100, tags: ['a'] });
  });

  it('reads a TOML file, dates as ISO text', async () => {
    const config = await ActorConfig.fromTomlFile(file('c.toml', 'batch_size = 100\nname = "proc"\nsince = 1979-05-27T07:32:00Z\n[db]\nport = 5432\n'));
    expect(config.toObject()).toEqual({ batch_size: 100, name: 'proc', since: '1979-05-27T07:32:00.000Z', db: { port: 5432 } });
  });

  it('picks the format from the extension', async () => {
    const yaml = await ActorConfig.fromFile(file('c.yml', 'a: 1\n'));
    const toml = await ActorConfig.fromFile(file('c.toml', 'a = 1\n'));
    expect(yaml.toObject()).toEqual({ a: 1 });
    expect(toml.toObject()).toEqual({ a: 1 });
  });

  it('reads an empty YAML file as an empty configuration', async () => {
    expect((await ActorConfig.fromYamlFile(file('empty.yaml', ''))).size).toBe(0);
  });

  it('fails with IO naming the path of a missing file', async () => {
    const missing = path.join(dir, 'missing.yaml');
    await expect(ActorConfig.fromFile(missing)).rejects.toMatchObject({ code: 'IO', path: missing, message: expect.stringContaining(missing) });
  });

  it('fails with IO naming the path of a file that cannot be read', async () => {
    await expect(readConfigFile(dir, 'json')).rejects.toMatchObject({ code: 'IO', path: dir, message: expect.stringContaining(dir) });
  });

  it('fails with PARSE naming the path of a malformed file', async () => {
    const bad = file('bad.json', '{"a": ');
    await expect(ActorConfig.fromJsonFile(bad)).rejects.toMatchObject({ code: 'PARSE', path: bad, message: expect.stringContaining(bad) });
    const list = file('list.yaml', '- a\n- b\n');
    await expect(ActorConfig.fromYamlFile(list)).rejects.toMatchObject({ code: 'PARSE', message: expect.stringContaining('mapping') });
  });

  it('fails with PARSE naming the key of a TOML value JSON cannot hold', async () => {
    await expect(ActorConfig.fromTomlFile(file('inf.toml', 'limit = inf\n'))).rejects.toMatchObject({
      code: 'PARSE',
      message: expect.stringContaining('limit'),
    });
  });

  it('fails with UNSUPPORTED_FORMAT for an unknown extension', async () => {
    await expect(ActorConfig.fromFile(file('c.ini', 'a=1'))).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
  });

  it('names the profile file after the base file', () => {
    expect(profileFilePath('/etc/app/config.yaml', 'production')).toBe('/etc/app/config.production.yaml');
    expect(() => profileFilePath('config.yaml', '../x')).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  describe('profiles', () => {
    const base = (): string => file('config.yaml', 'port: 8080\nlog_level: debug\ndb:\n  host: localhost\n  port: 5432\n');

    it("deep-merges the profile file over the base, the profile's values winning", async () => {
      const basePath = base();
      file('config.production.yaml', 'log_level: warn\ndb:\n  host: db.internal\n');
      expect(await readProfiledConfigFile(basePath, 'production')).toEqual({ port: 8080, log_level: 'warn', db: { host: 'db.internal', port: 5432 } });
    });

    it('uses the base alone when the profile has no file, or no profile is chosen', async () => {
      const basePath = base();
      file('config.production.yaml', 'log_level: warn\n');
      expect(await readProfiledConfigFile(basePath, 'staging')).toMatchObject({ log_level: 'debug' });
      expect(await readProfiledConfigFile(basePath)).toMatchObject({ log_level: 'debug' });
      expect(await readProfiledConfigFile(basePath, '')).toMatchObject({ log_level: 'debug' });
    });

    it('fails with IO naming the base file when it is missing, unless it is optional', async () => {
      const missing = path.join(dir, 'none.yaml');
      await expect(readProfiledConfigFile(missing, 'production')).rejects.toMatchObject({ code: 'IO', path: missing });
      expect(await readProfiledConfigFile(missing, 'production', true)).toBeUndefined();
      file('none.production.yaml', 'port: 1\n');
      expect(await readProfiledConfigFile(missing, 'production', true)).toEqual({ port: 1 });
    });
  });
});
