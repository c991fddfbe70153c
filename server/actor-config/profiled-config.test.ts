import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadProfiledConfig } from './profiled-config';

describe('loadProfiledConfig', () => {
  let dir: string;
  let base: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actor-config-profile-'));
    base = path.join(dir, 'config.yaml');
    fs.writeFileSync(base, 'port: 8080\nlog_level: debug\ndb:\n  host: localhost\n  port: 5432\n');
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("merges the profile file over the base, the profile's values winning", async () => {
    fs.writeFileSync(path.join(dir, 'config.production.yaml'), 'log_level: warn\ndb:\n  host: db.internal\n');
    const config = await loadProfiledConfig(base, 'production');
    expect(config.toObject()).toEqual({ port: 8080, log_level: 'warn', db: { host: 'db.internal', port: 5432 } });
  });

  it('uses the base alone when the profile has no file', async () => {
    const config = await loadProfiledConfig(base, 'staging');
    expect(config.getString('log_level')).toBe('debug');
  });

  it('uses the base alone when no profile is chosen', async () => {
    fs.writeFileSync(path.join(dir, 'config.production.yaml'), 'log_level: warn\n');
    expect((await loadProfiledConfig(base)).getString('log_level')).toBe('debug');
  });

  it('fails with IO naming the base file when it is missing', async () => {
    const missing = path.join(dir, 'none.yaml');
    await expect(loadProfiledConfig(missing, 'production')).rejects.toMatchObject({ code: 'IO', path: missing });
  });
});
