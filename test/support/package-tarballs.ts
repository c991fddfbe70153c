import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The repository's root, where the service's node_modules are. */
export const ROOT = path.resolve(__dirname, '..', '..');

/** Runs a program to its end and resolves with its output; a failure carries what it printed. */
export async function run(file: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (await execFileAsync(file, args, { cwd, encoding: 'utf8', env: env ?? process.env })).stdout;
  } catch (error) {
    const failed = error as { message: string; stdout?: string; stderr?: string };
    throw new Error(`${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

/** Runs npm without its audit and funding requests. */
export function npm(args: string[], cwd: string): Promise<string> {
  return run('npm', [...args, '--no-audit', '--no-fund'], cwd);
}

/** The version of a package the project installed. */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Packs a package folder (its prepack script runs first) into `destination`; resolves with the tarball's path and files. */
export async function pack(folder: string, destination: string): Promise<{ tarball: string; files: string[] }> {
  const [packed] = JSON.parse(await npm(['pack', '--json', '--pack-destination', destination], folder)) as { filename: string; files: { path: string }[] }[];
  return { tarball: path.join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}

/**
 * Installs tarballs into a project with no registry: each package they depend on must be among them, so a
 * dependency of the project's own (zod) is packed from its node_modules and given too.
 */
export async function installOffline(project: string, tarballs: readonly string[], dependencies: readonly string[] = []): Promise<void> {
  const ownPackages = await Promise.all(dependencies.map(async (name) => (await pack(path.join(ROOT, 'node_modules', name), project)).tarball));
  await npm(['install', '--offline', ...tarballs, ...ownPackages], project);
}

/** Writes an ES module project whose TypeScript is as strict as a careful consumer's: strict, exact optional properties, nodenext, libraries checked. */
export function writeStrictProject(project: string, name: string): void {
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022'],
        types: ['node'],
        skipLibCheck: false,
        rootDir: 'src',
        outDir: 'dist',
      },
      include: ['src'],
    }),
  );
}

/** Type-checks and compiles a project with the repository's TypeScript. */
export async function compile(project: string): Promise<void> {
  await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
}
