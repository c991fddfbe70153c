import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildOptions, type Plugin, build } from 'esbuild';

const CLIENT = path.resolve(__dirname, '..', 'client');
const DIST = path.join(CLIENT, 'dist');

/** The packages the client's JavaScript leaves to the user's install: its dependency and its optional peer. */
export const CLIENT_EXTERNALS = ['openapi-fetch', 'ws'];

/**
 * Browsers have a global WebSocket, so the browser build leaves out the `ws` fallback: a bundler then never
 * looks for the package.
 */
export const withoutWs: Plugin = {
  name: 'without-ws',
  setup(builder) {
    builder.onResolve({ filter: /^ws$/ }, () => ({ path: 'ws', namespace: 'without-ws' }));
    builder.onLoad({ filter: /.*/, namespace: 'without-ws' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** The esbuild options shared by every build of the client. */
export const clientBuildOptions: BuildOptions = {
  entryPoints: [path.join(CLIENT, 'index.ts')],
  bundle: true,
  target: 'es2022',
  platform: 'neutral',
  tsconfig: path.join(CLIENT, 'tsconfig.json'),
  logLevel: 'warning',
};

/** Builds `client/dist`: ESM, CommonJS and browser JavaScript by esbuild, declarations by tsc. */
export async function buildClient(): Promise<void> {
  rmSync(DIST, { recursive: true, force: true });
  await Promise.all([
    build({ ...clientBuildOptions, format: 'esm', external: CLIENT_EXTERNALS, outfile: path.join(DIST, 'index.mjs') }),
    // CommonJS users (jest among them) may not load ES modules: `import('ws')` becomes a `require`.
    build({ ...clientBuildOptions, format: 'cjs', external: CLIENT_EXTERNALS, supported: { 'dynamic-import': false }, outfile: path.join(DIST, 'index.cjs') }),
    build({ ...clientBuildOptions, format: 'esm', external: ['openapi-fetch'], plugins: [withoutWs], outfile: path.join(DIST, 'index.browser.mjs') }),
  ]);
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(CLIENT, 'tsconfig.json')], { stdio: 'inherit' });
  // The declarations are CommonJS-scoped (the package has no "type": "module"); ESM users get them re-exported
  // from a .d.mts, so that each of the two entry points has types of its own format.
  writeFileSync(path.join(DIST, 'index.d.mts'), "export * from './types/index.js';\n");
}

if (require.main === module) {
  buildClient().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
