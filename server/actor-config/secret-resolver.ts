import { type ActorConfig } from './actor-config';
import { ConfigError } from './config-error';
import { type EnvironmentVariables } from './env-source';
import { type JsonObject, isJsonObject, setKey, toJsonValue } from './json-value';
import { isPlainWithoutReference, resolveSecretsInValue } from './secret-reference';
import { type SecretStore } from './secret-store';

/** Where a {@link SecretResolver} looks secrets up. */
export interface SecretResolverOptions {
  /**
   * Prepended to a secret's name to find its environment variable (`${secret:DB_PASSWORD}` reads
   * `SECRET_DB_PASSWORD`); `false` turns the environment off.
   * @default 'SECRET_'
   */
  envPrefix?: string | false;
  /**
   * Stores asked in order after the environment.
   * @default []
   */
  stores?: readonly SecretStore[];
  /**
   * The environment to read.
   * @default process.env
   */
  env?: EnvironmentVariables;
}

/**
 * Replaces `${secret:NAME}` references in configurations, looking each name up in the environment first
 * (`<envPrefix><NAME>`), then in each store in order. Synchronous, so it can run before each actor starts.
 *
 * @example
 * const resolver = new SecretResolver({ stores: [new DirectorySecretStore('/run/secrets')] });
 * const config = resolver.resolve(ActorConfig.fromJson({ password: '${secret:DB_PASSWORD}' }));
 * config.getString('password'); // the secret; JSON.stringify(config) shows "[REDACTED]"
 */
export class SecretResolver {
  readonly #envPrefix: string | false;
  readonly #stores: readonly SecretStore[];
  readonly #env: EnvironmentVariables;

  /** A resolver over the given environment prefix and stores. */
  constructor(options: SecretResolverOptions = {}) {
    this.#envPrefix = options.envPrefix ?? 'SECRET_';
    this.#stores = [...(options.stores ?? [])];
    this.#env = options.env ?? process.env;
  }

  /**
   * The value of a secret: the environment variable first, then the first store that has it; `undefined` when none
   * does, or when `allows` (who may name which secret) refuses the name, so that a refused secret reads as absent.
   */
  lookup(name: string, allows?: (name: string) => boolean): string | undefined {
    if (allows !== undefined && !allows(name)) return undefined;
    if (this.#envPrefix !== false) {
      const value = this.#env[`${this.#envPrefix}${name}`];
      if (value !== undefined) return value;
    }
    for (const store of this.#stores) {
      const value = store.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** A new config with every reference resolved; `SECRET_UNRESOLVED` naming the reference when a secret is missing. */
  resolve(config: ActorConfig): ActorConfig {
    return config.resolveSecrets((name) => this.lookup(name));
  }

  /**
   * Resolves the references in a plain object, for callers holding values rather than an `ActorConfig`;
   * `onSecret` hears each secret value used, so that the caller can mask it wherever it shows up. Values
   * of plain JSON holding no reference are handed back as they are (the same object), so that the engine
   * keeps the configuration it parsed at validation; otherwise the answer is a new object. A name `allows` refuses
   * is resolved as a secret that does not exist.
   */
  resolveValues(values: Readonly<Record<string, unknown>>, onSecret?: (value: string) => void, allows?: (name: string) => boolean): JsonObject {
    if (isPlainWithoutReference(values)) return values as JsonObject;
    const input = toJsonValue(values, 'VALIDATION');
    if (!isJsonObject(input)) throw new ConfigError('VALIDATION', 'Secret resolution needs an object of keys to values');
    const output: JsonObject = {};
    for (const [key, value] of Object.entries(input)) {
      const lookup = (name: string): string | undefined => {
        const secret = this.lookup(name, allows);
        if (secret !== undefined) onSecret?.(secret);
        return secret;
      };
      setKey(output, key, resolveSecretsInValue(key, value, undefined, lookup).value);
    }
    return output;
  }
}
