import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureClientBundle } from '../scripts/client-bundle-size';
import { multiplyGraph } from './support/graphs';
import { ROOT as root, installedVersion as installed, npm, run, writeStrictProject } from './support/package-tarballs';
import { type TestApp, startTestApp } from './support/test-app';

const clientDir = path.join(root, 'client');
const manifest = JSON.parse(readFileSync(path.join(clientDir, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };

/** The files of the built client, relative to client/dist. */
function distFiles(dir = path.join(clientDir, 'dist'), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? distFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

describe('the client package', () => {
  let app: TestApp;
  let work: string;
  let packed: { filename: string; files: { path: string }[] };

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'client-package-'));
    // `npm pack` builds the client first (its prepack script).
    packed = (JSON.parse(await npm(['pack', '--json', '--pack-destination', work], clientDir)) as (typeof packed)[])[0];
    app = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('leaves the repository on the client sources: importing client/ by path reaches index.ts, not the build', () => {
    expect(require.resolve('../client')).toBe(path.join(clientDir, 'index.ts'));
  });

  it('packs the built JavaScript (ESM, CommonJS, browser) and declarations, and no source', () => {
    const files = packed.files.map((file) => file.path).sort();
    expect(files).toEqual(expect.arrayContaining(['package.json', 'dist/index.mjs', 'dist/index.cjs', 'dist/index.browser.mjs', 'dist/index.d.mts', 'dist/types/index.d.ts']));
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'))).toEqual([]);
    expect(files.some((file) => file.includes('contract-parity'))).toBe(false);
  });

  it('imports nothing from the server, the contract or zod, in its JavaScript or its declarations', () => {
    for (const file of distFiles()) {
      const text = readFileSync(path.join(clientDir, 'dist', file), 'utf8');
      const specifiers = [...text.matchAll(/(?:from\s+|import\(|require\()\s*["']([^"']+)["']/g)].map((match) => match[1]);
      expect({ file, outside: specifiers.filter((s) => !s.startsWith('./') || s.includes('..')).filter((s) => !['openapi-fetch', 'ws'].includes(s)) }).toEqual({ file, outside: [] });
      expect(text).not.toMatch(/\bzod\b/);
    }
  });

  it('declares the openapi-fetch version the project installs', () => {
    expect(manifest.dependencies).toEqual({ 'openapi-fetch': installed('openapi-fetch') });
  });

  it('bundles for a browser under 20 kB minified, with no module of the server, the contract, the model or zod', async () => {
    const bundle = await measureClientBundle();
    expect(bundle.bytes).toBeLessThan(20 * 1024);
    expect(bundle.inputs.filter((input) => /zod|^contract\/|^model\/|^server\//.test(input))).toEqual([]);
    expect(bundle.inputs).toContain('node_modules/openapi-fetch/dist/index.mjs');
  });

  it('installs from its tarball into a strict nodenext TypeScript project that type-checks (for Node and for a browser bundler) and runs against the server', async () => {
    const consumer = path.join(work, 'consumer');
    writeStrictProject(consumer, 'consumer');
    for (const file of ['main.ts', 'require-check.cts']) copyFileSync(path.join(root, 'test', 'fixtures', 'client-consumer', file), path.join(consumer, 'src', file));
    // The same package as a browser app's bundler sees it: the `browser` condition, DOM types and no Node types.
    mkdirSync(path.join(consumer, 'web'));
    copyFileSync(path.join(root, 'test', 'fixtures', 'client-consumer', 'browser-app.ts'), path.join(consumer, 'web', 'browser-app.ts'));
    writeFileSync(
      path.join(consumer, 'tsconfig.web.json'),
      JSON.stringify({
        compilerOptions: { strict: true, exactOptionalPropertyTypes: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'], types: [], skipLibCheck: false, noEmit: true },
        include: ['web'],
      }),
    );
    const packages = [path.join(work, packed.filename), `ws@${installed('ws')}`, `@types/ws@${installed('@types/ws')}`, `@types/node@${installed('@types/node')}`];
    await npm(['install', '--offline', ...packages], consumer).catch(() => npm(['install', '--prefer-offline', ...packages], consumer));

    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(process.execPath, [tsc, '-p', consumer], consumer);
    await run(process.execPath, [tsc, '-p', path.join(consumer, 'tsconfig.web.json')], consumer);

    const main = await run(process.execPath, [path.join(consumer, 'dist', 'main.js'), app.url, app.wsUrl, JSON.stringify(multiplyGraph())], consumer);
    const outcome = JSON.parse(main) as { http: unknown; ws: unknown; seqs: number[]; socketWait: unknown };
    expect(outcome).toEqual({ http: { product: 42 }, ws: { product: 6 }, seqs: outcome.seqs.map((_, i) => i + 1), socketWait: { product: 20 } });
    expect(outcome.seqs.length).toBeGreaterThan(2);
    const required = await run(process.execPath, [path.join(consumer, 'dist', 'require-check.cjs'), app.url, app.wsUrl], consumer);
    expect(JSON.parse(required)).toEqual({ health: true, socket: 'open' });
  }, 60_000);
});
