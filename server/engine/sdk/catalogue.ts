import { type AnyActorDefinition } from './actor-definition';

/**
 * The set of components a network can instantiate, keyed by component id. A component of a library
 * (`core/Output`) is also found by its name alone (`Output`), as NoFlo's component loader finds it, unless another
 * component has that id.
 */
export interface Catalogue {
  /** The definition of a component, by its id or its name without its library; undefined when the catalogue has none. */
  get(id: string): AnyActorDefinition | undefined;
  /** Whether the catalogue has a component, by its id or its name without its library. */
  has(id: string): boolean;
  /** Every definition, in registration order, each once under its id. */
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
  const byName = libraryNames(all, byId);
  return {
    get: (id) => byId.get(id) ?? byName.get(id),
    has: (id) => byId.has(id) || byName.has(id),
    list: () => all,
  };
}

/**
 * The components of libraries by their names alone (`Output` for `core/Output`): NoFlo's loader resolves such a
 * name to the first component registered under it, and graphs written for NoFlo use them (`Display(Output)`).
 * A name that is some component's id stays that component's.
 */
function libraryNames(definitions: readonly AnyActorDefinition[], byId: ReadonlyMap<string, AnyActorDefinition>): Map<string, AnyActorDefinition> {
  const byName = new Map<string, AnyActorDefinition>();
  for (const definition of definitions) {
    const parts = definition.id.split('/');
    if (parts.length !== 2 || parts[1] === '') continue;
    const name = parts[1];
    if (!byId.has(name) && !byName.has(name)) byName.set(name, definition);
  }
  return byName;
}
