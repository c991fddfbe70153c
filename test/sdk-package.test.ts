import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSdk } from '../scripts/build-sdk';
import { ROOT, compile, installOffline, installedVersion, pack, run, writeStrictProject } from './support/package-tarballs';

const sdkDir = path.join(ROOT, 'sdk');
const manifest = JSON.parse(readFileSync(path.join(sdkDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('the actor SDK package', () => {
  let work: string;
  let packed: { tarball: string; files: string[] };
  let bundled: string[];

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'sdk-package-'));
    // `npm pack` builds the SDK first (its prepack script); building again answers what went into the bundle.
    packed = await pack(sdkDir, work);
    bundled = await buildSdk();
  }, 90_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('packs the built JavaScript (ESM and CommonJS) and declarations, and no source', () => {
    expect(packed.files).toEqual(expect.arrayContaining(['package.json', 'dist/index.mjs', 'dist/index.cjs', 'dist/index.d.mts', 'dist/types/sdk/index.d.ts']));
    expect(packed.files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'))).toEqual([]);
  });

  it('bundles the engine and nothing of the transports, the contract or the built-in actors', () => {
    expect(bundled).toContain('server/engine/runtime/network.ts');
    expect(bundled.filter((input) => /express|node_modules\/ws\/|^contract\/|^server\/(actors|http|ws|executions|outbound-http)\/|undici/.test(input))).toEqual([]);
  });

  it('depends on the zod the project installs, and nothing else', () => {
    expect(manifest.dependencies).toEqual({ zod: installedVersion('zod') });
  });

  it('installs offline into a strict nodenext TypeScript project that defines an actor, type-checks, and tests it with runNode', async () => {
    const consumer = path.join(work, 'consumer');
    writeStrictProject(consumer, 'consumer');
    for (const file of ['shout.ts', 'main.ts', 'require-check.cts']) copyFileSync(path.join(ROOT, 'test', 'fixtures', 'sdk-consumer', file), path.join(consumer, 'src', file));
    await installOffline(consumer, [packed.tarball, path.join(ROOT, 'node_modules', '@types', 'node')], ['zod']);
    await compile(consumer);

    const main = JSON.parse(await run(process.execPath, [path.join(consumer, 'dist', 'main.js')], consumer)) as Record<string, unknown>;
    expect(main).toEqual({
      loud: '> HELLO!!',
      routed: { length: 0, message: 'there is nothing to shout', node_id: 'node', component: 'consumer/shout' },
      failed: false,
      refused: expect.stringContaining("config 'marks'"),
    });
    const required = JSON.parse(await run(process.execPath, [path.join(consumer, 'dist', 'require-check.cjs')], consumer)) as Record<string, unknown>;
    expect(required).toEqual({ echoed: 7 });
  }, 90_000);
});
