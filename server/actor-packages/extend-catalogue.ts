import { type AnyActorDefinition } from '../engine';

/** Extra actors from one source, named as a refusal names it: `actor package 'acme-actors'`. */
export interface ActorGroup {
  readonly origin: string;
  readonly definitions: readonly AnyActorDefinition[];
}

/**
 * The extra actors, checked, with a line for each component left out (a NoFlo component the adapter cannot run
 * faithfully); or the one line that says why they cannot join the catalogue.
 */
export type ExtendOutcome = { ok: true; added: AnyActorDefinition[]; warnings?: readonly string[] } | { ok: false; message: string };

/**
 * Checks extra actors against the built-in ones and each other: an id may be used once in the whole catalogue.
 * The one check every source of extra actors (actor packages, NoFlo component libraries) goes through before
 * its actors join the catalogue; all of them join, or none.
 */
export function extendCatalogue(builtIns: readonly AnyActorDefinition[], groups: readonly ActorGroup[]): ExtendOutcome {
  const builtInIds = new Set(builtIns.map((definition) => definition.id));
  const originOf = new Map<string, string>();
  const added: AnyActorDefinition[] = [];
  for (const { origin, definitions } of groups) {
    for (const definition of definitions) {
      if (builtInIds.has(definition.id)) return { ok: false, message: `${origin}: actor '${definition.id}' has the id of a built-in actor` };
      const taken = originOf.get(definition.id);
      if (taken !== undefined) {
        const other = taken === origin ? 'another actor of the same package' : `an actor of ${taken}`;
        return { ok: false, message: `${origin}: actor '${definition.id}' has the id of ${other}` };
      }
      originOf.set(definition.id, origin);
      added.push(definition);
    }
  }
  return { ok: true, added };
}
