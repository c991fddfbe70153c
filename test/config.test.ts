import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServerConfig } from '../server/config';
import { startServerProcess } from './support/server-process';

describe('server configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engine-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const load = async (argv: string[], env: Record<string, string> = {}) => {
    const loaded = await loadServerConfig({ argv, env });
    if (!loaded.ok) throw new Error(loaded.message);
    return loaded.config;
  };

  it('has the spec defaults when nothing is set', async () => {
    const config = await load([]);
    expect(config).toMatchObject({
      port: 8080,
      bind_address: '0.0.0.0',
      max_connections: 1000,
      cors_enabled: true,
      rate_limit_requests_per_minute: 100,
      namespace: 'engine',
      max_body_bytes: 10 * 1024 * 1024,
    });
    expect(config.ide_url).toBeUndefined();
    expect(config.node_id).toMatch(/^engine-[0-9a-f]{8}$/);
  });

  it('takes flags over environment over file over defaults', async () => {
    const file = join(dir, 'engine.yaml');
    writeFileSync(file, 'port: 7001\nnamespace: from-file\nmax_connections: 50\nrate_limit_requests_per_minute: 10\n');
    const env = { ENGINE_CONFIG: file, ENGINE_PORT: '7002', ENGINE_NAMESPACE: 'from-env' };
    const config = await load(['--port', '7003'], env);
    expect(config.port).toBe(7003);
    expect(config.namespace).toBe('from-env');
    expect(config.max_connections).toBe(50);
    expect(config.rate_limit_requests_per_minute).toBe(10);
    expect(config.bind_address).toBe('0.0.0.0');
  });

  it('reads TOML and JSON files, and merges a profile file over the base', async () => {
    const toml = join(dir, 'engine.toml');
    writeFileSync(toml, 'port = 7100\ncors_enabled = false\n');
    writeFileSync(join(dir, 'engine.production.toml'), 'port = 7200\n');
    expect(await load(['--config', toml])).toMatchObject({ port: 7100, cors_enabled: false });
    expect(await load(['--config', toml, '--profile', 'production'])).toMatchObject({ port: 7200, cors_enabled: false });
    expect(await load(['--config', toml], { ENGINE_PROFILE: 'staging' })).toMatchObject({ port: 7100 });
    const json = join(dir, 'engine.json');
    writeFileSync(json, JSON.stringify({ bind_address: '127.0.0.1', auth_tokens: ['a-token-of-at-least-16'] }));
    expect(await load(['--config', json])).toMatchObject({ bind_address: '127.0.0.1', auth_tokens: ['a-token-of-at-least-16'] });
  });

  it('reads every key from a flag named after it and from its ENGINE_ variable', async () => {
    const config = await load(['--bind-address', '127.0.0.1', '--no-cors-enabled', '--ide-url', 'http://127.0.0.1:3000', '--node-id', 'engine-test'], {
      ENGINE_RATE_LIMIT_REQUESTS_PER_MINUTE: '0',
      ENGINE_MAX_BODY_BYTES: '2048',
      ENGINE_AUTH_TOKENS: 'first-token-0123456789,second-token-012345678',
    });
    expect(config).toMatchObject({
      bind_address: '127.0.0.1',
      cors_enabled: false,
      ide_url: 'http://127.0.0.1:3000',
      node_id: 'engine-test',
      rate_limit_requests_per_minute: 0,
      max_body_bytes: 2048,
      auth_tokens: ['first-token-0123456789', 'second-token-012345678'],
    });
  });

  it('reads tenants and tokens of tenants as JSON from the environment', async () => {
    const config = await load([], {
      ENGINE_AUTH_TOKENS: '[{"token":"acme-token-0123456789","scopes":["run"],"tenant":"acme"}]',
      ENGINE_TENANTS: '{"acme":{"max_active_executions":3,"secrets":["ACME_KEY"]}}',
    });
    expect(config.auth_tokens).toEqual([{ token: 'acme-token-0123456789', scopes: ['run'], tenant: 'acme' }]);
    expect(config.tenants).toEqual({ acme: { max_active_executions: 3, secrets: ['ACME_KEY'] } });
  });

  it.each([
    [['--port', '70000'], "'port'"],
    [['--tenants', '{"Acme Corp":{}}'], "'tenants"],
    [['--tenants', '{"acme":{"max_runs":3}}'], "'tenants.acme'"],
    [['--port', 'abc'], "'port'"],
    [['--max-connections', '-1'], "'max_connections'"],
    [['--ide-url', 'not a url'], "'ide_url'"],
    [['--noflo-component-packages', 'noflo-strings,../elsewhere'], "'noflo_component_packages.1'"],
    [['--colour', 'blue'], "'colour'"],
    [['--config', '/nonexistent/engine.yaml'], '/nonexistent/engine.yaml'],
  ])('stops on a bad value with a message naming the key (%j)', async (argv, named) => {
    const loaded = await loadServerConfig({ argv, env: {} });
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.message).toContain(named);
  });

  it('ignores ENGINE_ variables that name no key of ours', async () => {
    const config = await load([], { ENGINE_SOMETHING_ELSE: 'x' });
    expect(config.port).toBe(8080);
  });
});

describe('start-up', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'engine-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('listens on a free port with --port 0 and prints one line with its URL', async () => {
    const server = await startServerProcess(['--data-dir', dataDir]);
    try {
      const port = Number(new URL(server.url).port);
      expect(port).toBeGreaterThan(0);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('refuses to start on a bad value, naming the key', async () => {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'server/main.ts', '--port', '99999'], {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain("'port'");
  }, 30_000);
});
