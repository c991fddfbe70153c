import { type AnyActorDefinition } from '../engine';
import { type ExtendOutcome, extendCatalogue } from './extend-catalogue';
import { loadActorPackages } from './load-actor-packages';

/** Where the operator's extra actors come from. */
interface ExtraActorSources {
  /** `actor_packages`: package names or paths. */
  actorPackages: readonly string[];
  /** The service's working directory, which names and relative paths are resolved from. */
  cwd: string;
  /** The catalogue's own actors, which no extra actor may replace. */
  builtIns: readonly AnyActorDefinition[];
}

/**
 * The actors the operator adds to the catalogue, loaded and checked against the built-in ones and each other;
 * or the one line that says why the service must not start. Every source of extra actors joins here, through
 * the one check of {@link extendCatalogue}.
 */
export function extraActors(sources: ExtraActorSources): ExtendOutcome {
  const packages = loadActorPackages(sources.actorPackages, { cwd: sources.cwd });
  if (!packages.ok) return packages;
  return extendCatalogue(sources.builtIns, packages.groups);
}
