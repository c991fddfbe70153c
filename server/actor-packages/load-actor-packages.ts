import { createRequire } from 'node:module';
import path from 'node:path';
import { packageInFolder } from '../actors';
import { ideFactsProblem } from '../ide';
import { actorExports, undescribedConfig } from './actor-export';
import { type ActorGroup } from './extend-catalogue';
import { isPath, packageFolder } from './package-folder';

/** Where the packages of `actor_packages` are found. */
interface LoadActorPackagesOptions {
  /** The service's working directory: names are resolved as `require` resolves them from there, paths against it. */
  cwd: string;
}

/** The actors of each package, or the one line that says why a package cannot be used. */
type LoadOutcome = { ok: true; groups: ActorGroup[] } | { ok: false; message: string };

// A load failure's first line: Node appends the require stack, which the operator does not need in a one-line refusal.
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].replace(/^Error: /, '');
}

/**
 * Loads the packages of `actor_packages` and checks each on its own: it loads, every export is an actor
 * definition, every config schema describes its fields, the IDE facts a definition carries can make its
 * template. Answers each package's actors, each carrying its package's name and version, for
 * {@link extendCatalogue} to check against the catalogue, or the one line (naming the package) that says why the
 * service must not start.
 */
export function loadActorPackages(entries: readonly string[], options: LoadActorPackagesOptions): LoadOutcome {
  const requireFromCwd = createRequire(path.join(options.cwd, 'package.json'));
  const groups: ActorGroup[] = [];
  for (const entry of entries) {
    const origin = `actor_packages: '${entry}'`;
    let exported: unknown;
    try {
      exported = requireFromCwd(isPath(entry) ? path.resolve(options.cwd, entry) : entry);
    } catch (error) {
      return { ok: false, message: `${origin} could not be loaded: ${firstLine(error)}` };
    }
    const actors = actorExports(exported);
    if (!actors.ok) return { ok: false, message: `${origin}: ${actors.problem}` };
    for (const definition of actors.definitions) {
      const problem = undescribedConfig(definition);
      if (problem !== undefined) return { ok: false, message: `${origin}: ${problem}` };
      const ideProblem = ideFactsProblem(definition.ide);
      if (ideProblem !== undefined) return { ok: false, message: `${origin}: actor '${definition.id}': ${ideProblem}` };
    }
    // Attached to copies: the package's own definition objects stay as it made them.
    const from = packageInFolder(packageFolder(entry, requireFromCwd, options.cwd), entry);
    groups.push({ origin, definitions: actors.definitions.map((definition) => ({ ...definition, package: from })) });
  }
  return { ok: true, groups };
}
