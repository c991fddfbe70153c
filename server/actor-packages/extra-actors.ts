import { type AnyActorDefinition } from '../engine';
import { actorDefinitions, loadNofloComponentActors } from '../actors';
import { type ServerConfig } from '../config';
import { type ActorGroup, type ExtendOutcome, extendCatalogue } from './extend-catalogue';
import { loadActorPackages } from './load-actor-packages';

/** Where the operator's extra actors come from. */
interface ExtraActorSources {
  /** `actor_packages`: package names or paths. */
  actorPackages: readonly string[];
  /** `noflo_component_packages`: NoFlo component libraries, installed beside the service. */
  nofloComponentPackages?: readonly string[];
  /** The service's working directory, which names and relative paths of actor packages are resolved from. */
  cwd: string;
  /** The catalogue's own actors, which no extra actor may replace. */
  builtIns: readonly AnyActorDefinition[];
}

/**
 * The actors the operator adds to the catalogue, loaded and checked against the built-in ones and each other;
 * or the one line that says why the service must not start. Every source of extra actors joins here, through
 * the one check of {@link extendCatalogue}.
 */
export async function extraActors(sources: ExtraActorSources): Promise<ExtendOutcome> {
  const packages = loadActorPackages(sources.actorPackages, { cwd: sources.cwd });
  if (!packages.ok) return packages;
  const libraries: ActorGroup[] = [];
  // The catalogue implements some NoFlo components natively (noflo-core's Repeat, Kick, Output, ...), with
  // NoFlo's semantics: listing their library keeps those and adds the others, so noflo-core can be listed.
  const native = new Set(sources.builtIns.map((definition) => definition.id));
  const warnings: string[] = [];
  for (const name of sources.nofloComponentPackages ?? []) {
    try {
      // NoFlo libraries are found as Node finds the service's own dependencies: installed beside it.
      const { actors, refused } = await loadNofloComponentActors([name], __dirname);
      const origin = `NoFlo component package '${name}' (noflo_component_packages)`;
      libraries.push({ origin, definitions: actors.filter((definition) => !native.has(definition.id)) });
      // One odd component does not keep the rest of its library out; a graph naming it is refused as any graph
      // naming a missing component. A refused component the catalogue implements natively is not missed.
      for (const component of refused.filter(({ name: id }) => !native.has(id))) {
        warnings.push(`${origin}: component '${component.name}' is left out: ${component.reason}`);
      }
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  }
  const outcome = extendCatalogue(sources.builtIns, [...packages.groups, ...libraries]);
  return outcome.ok && warnings.length > 0 ? { ...outcome, warnings } : outcome;
}

/**
 * The extra actors a configuration names (`actor_packages`, `noflo_component_packages`), checked against the
 * built-in catalogue, with names and relative paths resolved from the working directory: what the service, the
 * command line's in-process runs and the test apps load at start.
 */
export function extraActorsOf(config: Pick<ServerConfig, 'actor_packages' | 'noflo_component_packages'>): Promise<ExtendOutcome> {
  return extraActors({
    actorPackages: config.actor_packages,
    nofloComponentPackages: config.noflo_component_packages,
    cwd: process.cwd(),
    builtIns: actorDefinitions,
  });
}
