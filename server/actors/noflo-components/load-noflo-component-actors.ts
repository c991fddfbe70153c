import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type AnyActorDefinition } from '../../engine';
import { packageInFolder } from '../package-in-folder';
import { createNofloComponentActor } from './noflo-component-actor';
import { type NofloModule } from './noflo-node';
import { unmappableReasonOf } from './unmappable-noflo-component';

/** A component the adapter cannot run as NoFlo would, left out of the catalogue: its name, and why. */
interface RefusedNofloComponent {
  readonly name: string;
  readonly package: string;
  readonly reason: string;
}

/** What the listed NoFlo libraries give: their components as actors, and the components refused. */
interface NofloLibraries {
  readonly actors: AnyActorDefinition[];
  readonly refused: RefusedNofloComponent[];
}

/**
 * Loads the components of NoFlo component libraries (npm packages such as `noflo-strings`), unchanged, through
 * NoFlo's own ComponentLoader, as actors named as NoFlo graphs name them: the package's name without `noflo-`, a
 * slash, the component (`strings/SplitStr`). Graphs a package ships (`graphs/*.fbp`) come as components too.
 * @param packages - package names, as `noflo_component_packages` lists them
 * @param baseDir - where the packages are installed: the folder whose `node_modules` (or a parent's) holds them
 * A component the adapter cannot run faithfully, or one that does not load, is refused by name with its reason
 * (see {@link unmappableReasonOf}), and the rest of its package loads.
 * @throws Error with one line naming the package, when one is not installed or has no component
 */
export async function loadNofloComponentActors(packages: readonly string[], baseDir: string): Promise<NofloLibraries> {
  const libraries: NofloLibraries = { actors: [], refused: [] };
  if (packages.length === 0) return libraries;
  // NoFlo's CommonJS build, the one the components' own require('noflo') gets: import() would load its ESM build,
  // a second copy whose IP and port classes are not the components'. Required here, not at the top, so that a
  // service that lists no package never loads NoFlo.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const noflo = require('noflo') as NofloModule;
  for (const name of packages) await loadPackage(noflo, name, baseDir, libraries);
  return libraries;
}

async function loadPackage(noflo: NofloModule, packageName: string, baseDir: string, into: NofloLibraries): Promise<void> {
  const packageDir = installedPackageDir(packageName, baseDir);
  if (packageDir === undefined)
    throw new Error(`NoFlo component package '${packageName}' (noflo_component_packages) is not installed in ${baseDir}: npm install ${packageName}`);
  const loader = new noflo.ComponentLoader(packageDir);
  let listed: Record<string, unknown>;
  try {
    listed = (await loader.listComponents()) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`NoFlo component package '${packageName}' (noflo_component_packages) could not be read: ${(error as Error).message}`);
  }
  // The loader lists NoFlo's own `Graph` too, and a package's dependencies' components: only the package's are its.
  const origin = packageInFolder(packageDir, packageName);
  const prefix = `${loader.getModulePrefix(origin.name)}/`;
  const names = Object.keys(listed).filter((name) => name.startsWith(prefix));
  if (names.length === 0) throw new Error(`NoFlo component package '${packageName}' (noflo_component_packages) has no NoFlo components`);
  for (const name of names) {
    let sample;
    try {
      sample = await loader.load(name, {});
    } catch (error) {
      into.refused.push({ name, package: packageName, reason: `it could not be loaded: ${(error as Error).message}` });
      continue;
    }
    const reason = unmappableReasonOf(name, sample);
    if (reason === undefined) into.actors.push({ ...createNofloComponentActor({ noflo, loader, name }, sample), package: origin });
    else into.refused.push({ name, package: packageName, reason });
    // A graph component runs a network of its own once loaded.
    if (sample.isSubgraph()) await sample.shutdown();
  }
}

/** The folder of a package installed in `node_modules` of `baseDir` or of one of its parents, as Node resolves it. */
function installedPackageDir(packageName: string, baseDir: string): string | undefined {
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', packageName);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
