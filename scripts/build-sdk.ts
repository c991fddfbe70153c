import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildOptions, build } from 'esbuild';

const SDK = path.resolve(__dirname, '..', 'sdk');
const DIST = path.join(SDK, 'dist');

/** The package the SDK's JavaScript leaves to the user's install: the actors' schemas and the SDK's must be of one zod. */
export const SDK_EXTERNALS = ['zod'];

/** The esbuild options shared by both builds of the SDK: the engine and its model are bundled in, zod is not. */
export const sdkBuildOptions: BuildOptions = {
  entryPoints: [path.join(SDK, 'index.ts')],
  bundle: true,
  target: 'es2022',
  platform: 'node',
  external: SDK_EXTERNALS,
  tsconfig: path.join(SDK, 'tsconfig.json'),
  logLevel: 'warning',
  metafile: true,
};

/** Builds `sdk/dist`: ESM and CommonJS JavaScript by esbuild, declarations by tsc; answers the modules bundled in. */
export async function buildSdk(): Promise<string[]> {
  rmSync(DIST, { recursive: true, force: true });
  const [esm] = await Promise.all([
    build({ ...sdkBuildOptions, format: 'esm', outfile: path.join(DIST, 'index.mjs') }),
    build({ ...sdkBuildOptions, format: 'cjs', outfile: path.join(DIST, 'index.cjs') }),
  ]);
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(SDK, 'tsconfig.json')], { stdio: 'inherit' });
  // The declarations are CommonJS-scoped; ESM users get them re-exported from a .d.mts of their own format.
  writeFileSync(path.join(DIST, 'index.d.mts'), "export * from './types/sdk/index.js';\n");
  return Object.keys(esm.metafile?.inputs ?? {});
}

if (require.main === module) {
  buildSdk().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
