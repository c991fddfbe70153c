/**
 * A source of secrets by name. It is synchronous so that resolving a configuration before an actor starts
 * never waits; a store that must fetch over the network is pre-loaded into a {@link MemorySecretStore}.
 */
export interface SecretStore {
  /** The secret's value, or `undefined` when the store has none of that name. */
  get(name: string): string | undefined;
}

/** A secret store held in memory, e.g. filled once at start-up from a remote vault. */
export class MemorySecretStore implements SecretStore {
  readonly #secrets: Map<string, string>;

  /** Copies the given secrets. */
  constructor(secrets: ReadonlyMap<string, string> | Readonly<Record<string, string>> = {}) {
    this.#secrets = new Map(secrets instanceof Map ? (secrets as ReadonlyMap<string, string>) : Object.entries(secrets));
  }

  /**
   * Fetches each named secret once with an asynchronous getter and keeps the ones found.
   *
   * @example
   * const store = await MemorySecretStore.preload(config.secretNames(), (name) => vault.read(name));
   */
  static async preload(names: Iterable<string>, fetch: (name: string) => Promise<string | undefined>): Promise<MemorySecretStore> {
    const unique = [...new Set(names)];
    const values = await Promise.all(unique.map((name) => fetch(name)));
    const secrets = new Map<string, string>();
    unique.forEach((name, i) => {
      const value = values[i];
      if (value !== undefined) secrets.set(name, value);
    });
    return new MemorySecretStore(secrets);
  }

  /** The secret's value, or `undefined`. */
  get(name: string): string | undefined {
    return this.#secrets.get(name);
  }
}
