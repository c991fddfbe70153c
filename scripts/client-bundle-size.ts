import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { clientBuildOptions, withoutWs } from './build-client';

const CLIENT_PAGE = path.resolve(__dirname, '..', 'docs', 'sdk.md');
const START = '<!-- client-bundle-size -->';
const END = '<!-- /client-bundle-size -->';

/** What a browser app pays for the client: its bundle with openapi-fetch, minified, and what went into it. */
export interface ClientBundle {
  bytes: number;
  gzipBytes: number;
  /** The files bundled, relative to the project (node_modules/... for packages). */
  inputs: string[];
}

/** Bundles `client/index.ts` for a browser as an app's bundler would (esbuild, minified, every import used). */
export async function measureClientBundle(): Promise<ClientBundle> {
  const result = await build({
    ...clientBuildOptions,
    // An app that imports everything the client exports keeps all of it.
    stdin: { contents: "export * from './index';", resolveDir: path.resolve(__dirname, '..', 'client'), loader: 'ts' },
    entryPoints: undefined,
    platform: 'browser',
    format: 'esm',
    minify: true,
    plugins: [withoutWs],
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('<stdin>') && !input.startsWith('without-ws:'));
  return { bytes: code.byteLength, gzipBytes: gzipSync(code).byteLength, inputs };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The client page's line on the bundle size, between its markers. */
export function bundleSizeLine(bundle: ClientBundle, date: Date): string {
  return `Browser bundle (\`npm run size:client\`, esbuild, minified, openapi-fetch included, on ${date.toISOString().slice(0, 10)}): ${kb(bundle.bytes)}, ${kb(bundle.gzipBytes)} gzipped.`;
}

async function main(): Promise<void> {
  const bundle = await measureClientBundle();
  const line = bundleSizeLine(bundle, new Date());
  console.log(line);
  console.log(bundle.inputs.join('\n'));
  if (!process.argv.includes('--write')) return;
  const page = readFileSync(CLIENT_PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/sdk.md has no ${START} ... ${END} markers`);
  writeFileSync(CLIENT_PAGE, `${page.slice(0, start + START.length)}\n${line}\n${page.slice(end)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
