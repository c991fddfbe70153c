import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServerConfig } from '../server/config';

const root = join(__dirname, '..');

describe('start-up checks of the configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engine-start-up-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('warns of an unknown ENGINE_ variable, naming the closest known one, and starts anyway', async () => {
    const loaded = await loadServerConfig({ argv: [], env: { ENGINE_PROT: '9000', ENGINE_LOG_LEVL: 'debug', ENGINE_PORT: '7000' } });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config.port).toBe(7000);
    expect(loaded.warnings.map(({ name, closest }) => [name, closest])).toEqual(
      expect.arrayContaining([
        ['ENGINE_PROT', 'ENGINE_PORT'],
        ['ENGINE_LOG_LEVL', 'ENGINE_LOG_LEVEL'],
      ]),
    );
    expect(loaded.warnings.find((w) => w.name === 'ENGINE_PROT')?.message).toContain('ENGINE_PORT');
  });

  it('warns of an unknown key of the config file, naming the closest known one, and ignores it', async () => {
    const file = join(dir, 'engine.yaml');
    writeFileSync(file, 'prot: 9000\nmax_conections: 5\nnamespace: from-file\n');
    const loaded = await loadServerConfig({ argv: ['--config', file], env: {} });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config).toMatchObject({ port: 8080, max_connections: 1000, namespace: 'from-file' });
    expect(loaded.warnings.map(({ name, closest }) => [name, closest]).sort()).toEqual([
      ['max_conections', 'max_connections'],
      ['prot', 'port'],
    ]);
  });

  it('still refuses an unknown command-line option, naming the closest one', async () => {
    const loaded = await loadServerConfig({ argv: ['--metrics-publik', 'true'], env: {} });
    expect(loaded).toEqual({ ok: false, message: expect.stringContaining("unknown option 'metrics_publik' (the closest is 'metrics_public')") });
  });

  it('prints every option with its variable, allowed values and default on --help', () => {
    const out = execFileSync(process.execPath, ['--require', 'tsx/cjs', 'server/main.ts', '--help'], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('--port <integer 0..65535>   ENGINE_PORT   default: 8080');
    expect(out).toContain('--log-level <fatal | error | warn | info | debug | trace | silent>   ENGINE_LOG_LEVEL   default: info');
    expect(out).toContain('--log-format <auto | json | pretty>   ENGINE_LOG_FORMAT   default: auto');
    expect(out).toContain('--metrics-public <true | false>   ENGINE_METRICS_PUBLIC   default: false');
    expect(out).toContain('--auth-tokens <comma-separated list>   ENGINE_AUTH_TOKENS   default: none');
    expect(out).toContain('--node-id <text>   ENGINE_NODE_ID   default: generated');
    expect(out).toContain('--ide-url <URL>   ENGINE_IDE_URL   default: unset');
  }, 30_000);

  it.each([
    ['noflo-nowhere', "NoFlo component package 'noflo-nowhere' (noflo_component_packages) is not installed"],
    ['zod', "NoFlo component package 'zod' (noflo_component_packages) has no NoFlo components"],
  ])(
    'stops with exit code 2 and one line naming %s when a listed NoFlo component package cannot give components',
    (name, line) => {
      const args = [
        '--require',
        'tsx/cjs',
        'server/main.ts',
        '--port',
        '0',
        '--bind-address',
        '127.0.0.1',
        '--data-dir',
        dir,
        '--noflo-component-packages',
        name,
      ];
      const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 30_000 });
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(line)]);
    },
    30_000,
  );

  it('starts with a listed NoFlo package, warning of each component it leaves out by name and why', async () => {
    const args = ['--require', 'tsx/cjs', 'server/main.ts', '--port', '0', '--bind-address', '127.0.0.1', '--data-dir', dir, '--log-format', 'json'];
    const server = spawn(process.execPath, [...args, '--noflo-component-packages', 'noflo-core'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const warning = await new Promise<Record<string, unknown>>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((text) => text.includes('core/Callback'));
          if (line !== undefined) resolve(JSON.parse(line) as Record<string, unknown>);
        });
        server.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      expect(warning).toMatchObject({
        level: 40,
        msg: "NoFlo component package 'noflo-core' (noflo_component_packages): component 'core/Callback' is left out: its inport 'callback' carries functions, and packets here are JSON",
      });
    } finally {
      server.kill();
    }
  }, 30_000);
});

describe('the build check of npm start', () => {
  let tree: string;
  const check = () => execFileSync(process.execPath, [join(root, 'scripts', 'ensure-build.cjs'), '--check', '--root', tree], { encoding: 'utf8' }).trim();
  const age = (path: string, secondsAgo: number) => {
    const time = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(tree, path), time, time);
  };
  beforeAll(() => {
    tree = mkdtempSync(join(tmpdir(), 'engine-build-check-'));
    for (const folder of ['server/http', 'server/testing', 'model', 'scripts']) mkdirSync(join(tree, folder), { recursive: true });
    writeFileSync(join(tree, 'tsconfig.build.json'), JSON.stringify({ include: ['model', 'server'] }));
    for (const file of [
      'tsconfig.json',
      'package.json',
      'model/graph.ts',
      'server/http/app.ts',
      'server/http/app.test.ts',
      'server/testing/kit.ts',
      'scripts/copy.mjs',
    ])
      writeFileSync(join(tree, file), '');
    for (const file of ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'model/graph.ts', 'server/http/app.ts', 'scripts/copy.mjs']) age(file, 60);
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('builds when there is no build, and only when a file the build reads changed after it', () => {
    expect(check()).toBe('build needed: dist/server/main.js does not exist');
    mkdirSync(join(tree, 'dist', 'server'), { recursive: true });
    writeFileSync(join(tree, 'dist', 'server', 'main.js'), '');
    expect(check()).toBe('build needed: dist/.build-stamp does not exist');
    writeFileSync(join(tree, 'dist', '.build-stamp'), '');
    age('dist/.build-stamp', 30);
    // Tests and test kits changed after the build: they are not compiled.
    expect(check()).toBe('up to date');
    // Nor is a tarball that npm pack left beside a package's sources.
    writeFileSync(join(tree, 'server', 'http', 'client-0.1.0.tgz'), '');
    expect(check()).toBe('up to date');
    writeFileSync(join(tree, 'server', 'http', 'app.ts'), 'export {};');
    expect(check()).toBe('build needed: server/http/app.ts changed since the last build');
    age('server/http/app.ts', 60);
    writeFileSync(join(tree, 'tsconfig.build.json'), JSON.stringify({ include: ['model', 'server'] }));
    expect(check()).toBe('build needed: tsconfig.build.json changed since the last build');
  });
});
