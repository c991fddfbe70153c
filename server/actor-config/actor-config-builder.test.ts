import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ActorConfig } from './actor-config';

describe('ActorConfig.builder', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'actor-config-builder-'));
    file = path.join(dir, 'engine.yaml');
    fs.writeFileSync(file, 'port: 7000\nbind_address: 10.0.0.1\nnamespace: from-file\nide_url: http://ide\n');
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const defaults = { port: 8080, bind_address: '0.0.0.0', namespace: 'engine', max_connections: 1000, cors_enabled: true };
  const env = { ENGINE_PORT: '7100', ENGINE_NAMESPACE: 'from-env', ENGINE_CORS_ENABLED: 'false' };
  const argv = ['--port', '7200'];

  it('applies args > env > file > defaults in one builder', async () => {
    const config = await ActorConfig.builder().withDefaults(defaults).fromFile(file).fromEnv('ENGINE', env).fromArgs(argv).build();
    expect(config.toObject()).toEqual({
      port: 7200,
      bind_address: '10.0.0.1',
      namespace: 'from-env',
      max_connections: 1000,
      cors_enabled: false,
      ide_url: 'http://ide',
    });
  });

  it('applies the same precedence whatever order the calls were made in', async () => {
    const forward = await ActorConfig.builder().withDefaults(defaults).fromFile(file).fromEnv('ENGINE', env).fromArgs(argv).build();
    const backward = await ActorConfig.builder().fromArgs(argv).fromEnv('ENGINE', env).fromFile(file).withDefaults(defaults).build();
    expect(backward.toObject()).toEqual(forward.toObject());
  });

  it('lets a later file win over an earlier one and deep-merges nested objects', async () => {
    const second = path.join(dir, 'second.json');
    fs.writeFileSync(second, JSON.stringify({ port: 7300, limits: { body: 2 } }));
    const config = await ActorConfig.builder()
      .withDefaults({ limits: { body: 1, rate: 100 } })
      .fromFile(file)
      .fromFile(second)
      .build();
    expect(config.getNumber('port')).toBe(7300);
    expect(config.get('limits')).toEqual({ body: 2, rate: 100 });
  });

  it('rejects with IO naming the path when the file is missing', async () => {
    const missing = path.join(dir, 'missing.toml');
    await expect(ActorConfig.builder().withDefaults(defaults).fromFile(missing).build()).rejects.toMatchObject({
      code: 'IO',
      path: missing,
      message: expect.stringContaining(missing),
    });
  });

  it('skips a missing optional file', async () => {
    const config = await ActorConfig.builder().withDefaults(defaults).fromFile(path.join(dir, 'none.yaml'), { optional: true }).build();
    expect(config.toObject()).toEqual(defaults);
  });

  it('reads the profile file of each file when a profile is chosen', async () => {
    fs.writeFileSync(path.join(dir, 'engine.production.yaml'), 'port: 9000\n');
    const production = await ActorConfig.builder().fromFile(file).withProfile('production').build();
    const none = await ActorConfig.builder().fromFile(file).withProfile(undefined).build();
    expect(production.getNumber('port')).toBe(9000);
    expect(none.getNumber('port')).toBe(7000);
  });

  it('rejects a bad command-line argument at build time', async () => {
    const builder = ActorConfig.builder().withDefaults(defaults).fromArgs(['oops']);
    await expect(builder.build()).rejects.toMatchObject({ code: 'PARSE' });
  });

  it('builds an empty configuration with no source', async () => {
    expect((await ActorConfig.builder().build()).size).toBe(0);
  });
});
