import { type AnyActorDefinition } from './actor-definition';

/** The set of components a network can instantiate, keyed by component id. */
export interface Catalogue {
  /** The definition of a component, or undefined when the catalogue has none. */
  get(id: string): AnyActorDefinition | undefined;
  /** Whether the catalogue has a component. */
  has(id: string): boolean;
  /** Every definition, in registration order. */
  list(): readonly AnyActorDefinition[];
}

/**
 * Builds a catalogue from actor definitions.
 * @throws Error when two definitions share an id (a programming error, caught at start-up).
 */
export function createCatalogue(definitions: readonly AnyActorDefinition[]): Catalogue {
  const byId = new Map<string, AnyActorDefinition>();
  for (const definition of definitions) {
    if (byId.has(definition.id)) throw new Error(`Actor '${definition.id}' is defined twice`);
    byId.set(definition.id, definition);
  }
  const all = [...byId.values()];
  return {
    get: (id) => byId.get(id),
    has: (id) => byId.has(id),
    list: () => all,
  };
}
