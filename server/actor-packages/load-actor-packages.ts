import { createRequire } from 'node:module';
import path from 'node:path';
import { type AnyActorDefinition } from '../engine';
import { actorExports, undescribedConfig } from './actor-export';
import { type ActorGroup, type ExtendOutcome, extendCatalogue } from './extend-catalogue';

/** Where the packages of `actor_packages` are found, and what they must not clash with. */
export interface LoadActorPackagesOptions {
  /** The service's working directory: names are resolved as `require` resolves them from there, paths against it. */
  cwd: string;
  /** The catalogue's own actors. */
  builtIns: readonly AnyActorDefinition[];
}

// A path says where the package is; anything else is a package name.
function isPath(entry: string): boolean {
  return entry.startsWith('.') || path.isAbsolute(entry);
}

// A load failure's first line: Node appends the require stack, which the operator does not need in a one-line refusal.
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].replace(/^Error: /, '');
}

/**
 * Loads the packages of `actor_packages` and checks their actors: every package loads, every export is an actor
 * definition, every config schema describes its fields, and no id clashes. Answers the actors to add to the
 * catalogue, or the one line (naming the package) that says why the service must not start.
 */
export function loadActorPackages(entries: readonly string[], options: LoadActorPackagesOptions): ExtendOutcome {
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
    }
    groups.push({ origin, definitions: actors.definitions });
  }
  return extendCatalogue(options.builtIns, groups);
}
